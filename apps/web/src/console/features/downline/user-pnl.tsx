import type { ProfitLossReport } from '@exchange/contracts';
import { useState } from 'react';
import { amountColumn, DataTable, SignedAmount, type Column } from '@/console/components';
import { DateRangeForm, ExportCsvButton, type DayRange } from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo } from '@/lib/format';
import { useUserProfitLoss } from './api/user-profit-loss';
import { DEFAULT_DAYS } from './user-statement';

type Row = ProfitLossReport['rows'][number];

const COLUMNS: Column<Row>[] = [
  {
    key: 'settled',
    header: 'Settled (IST)',
    value: (r) => r.settled_at,
    render: (r) => <span className="nowrap">{formatIst(r.settled_at)}</span>,
  },
  { key: 'sport', header: 'Sport', value: (r) => r.sport_name },
  {
    key: 'market',
    header: 'Market',
    value: (r) => `${r.match_name} / ${r.market_name}`,
    render: (r) => (
      <div>
        <div>{r.market_name}</div>
        <div className="muted user-sub">{r.match_name}</div>
      </div>
    ),
  },
  {
    key: 'pnl',
    header: 'P&L',
    numeric: true,
    value: (r) => r.pnl,
    render: (r) => <SignedAmount value={r.pnl} />,
  },
  amountColumn('commission', 'Commission', (r) => r.commission),
  {
    key: 'net',
    header: 'Net',
    numeric: true,
    value: (r) => r.net,
    render: (r) => <SignedAmount value={r.net} />,
  },
];

/** A downline user's P&L per settled market (agent/getUserProfitLoss): the user's side, per sport and in total. */
export function UserProfitLoss({ userId, userName }: { userId: number; userName: string }) {
  const [range, setRange] = useState<DayRange>(() => ({
    from_date: istYmdDaysAgo(DEFAULT_DAYS),
    to_date: istYmdDaysAgo(0),
  }));
  const report = useUserProfitLoss(userId, range);
  const data = report.data;
  return (
    <div data-testid="user-pnl">
      <DateRangeForm
        initial={range}
        onSubmit={setRange}
        testIdPrefix="user-pnl"
        busy={report.isFetching && data !== undefined}
      >
        <ExportCsvButton
          request={{ report: 'PROFIT_LOSS', ...range, user_id: userId }}
          testId="user-pnl-export"
        />
      </DateRangeForm>
      <p className="muted user-note">
        {userName}&apos;s result on each settled market: positive when {userName} won.
      </p>
      {data && (
        <dl className="user-totals" data-testid="user-pnl-totals">
          {data.sports.map((s) => (
            <div key={s.sport_id}>
              <dt>{s.sport_name} net</dt>
              <dd>
                <SignedAmount value={s.net} />
              </dd>
            </div>
          ))}
          <div>
            <dt>P&amp;L</dt>
            <dd>
              <SignedAmount value={data.total.pnl} testId="user-pnl-total-pnl" />
            </dd>
          </div>
          <div>
            <dt>Commission</dt>
            <dd>{formatAmount(data.total.commission)}</dd>
          </div>
          <div>
            <dt>Net</dt>
            <dd>
              <SignedAmount value={data.total.net} testId="user-pnl-total-net" />
            </dd>
          </div>
        </dl>
      )}
      <DataTable
        columns={COLUMNS}
        rows={data?.rows}
        rowKey={(r) => r.market_id}
        loading={report.isFetching}
        error={report.error}
        onRetry={report.refetch}
        empty="Nothing settled in this period."
        testId="user-pnl-table"
        cardsOnPhone
      />
    </div>
  );
}
