import { useState } from 'react';
import {
  DateRangeForm,
  PageFrame,
  ReportTable,
  type DayRange,
  type ReportColumn,
  type SummaryRow,
} from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo } from '@/lib/format';
import { useProfitLoss } from '../api/profit-loss';
import { groupBySport, pnlClass, type ProfitLossRow } from '../lib/profit-loss';
import './reports.css';

/** The report opens on the last 7 days (IST), like the statement. */
const DEFAULT_DAYS = 7;

const Amount = ({ value, testId }: { value: number; testId?: string }) => (
  <span className={pnlClass(value)} data-testid={testId}>
    {formatAmount(value)}
  </span>
);

const COLUMNS: ReportColumn<ProfitLossRow>[] = [
  {
    id: 'market',
    header: 'Market',
    wide: true,
    cell: (m) => (
      <>
        <div>{m.market_name}</div>
        <div className="muted report-table__sub">{m.match_name}</div>
      </>
    ),
  },
  { id: 'settled', header: 'Settled', cell: (m) => formatIst(m.settled_at), cellClass: () => 'nowrap' },
  { id: 'pnl', header: 'P&L', num: true, cell: (m) => <Amount value={m.pnl} /> },
  { id: 'commission', header: 'Commission', num: true, cell: (m) => formatAmount(m.commission) },
  {
    id: 'net',
    header: 'Net',
    num: true,
    cell: (m) => <Amount value={m.net} testId={`profit-loss-net-${m.market_id}`} />,
  },
];

/**
 * A sport's subtotal or the period's total, in the columns of the markets' figures (its cells'
 * test ids: `<testId>-pnl`, `-commission`, `-net`; a sport's net also `netTestId`).
 */
const sums = (
  label: string,
  s: { pnl: number; commission: number; net: number },
  testId: string,
  netTestId?: string,
): SummaryRow => ({
  key: testId,
  label,
  values: {
    pnl: <Amount value={s.pnl} />,
    commission: formatAmount(s.commission),
    net: <Amount value={s.net} testId={netTestId} />,
  },
  testId,
});

/**
 * report/profit-loss: the caller's settled markets of a period under their sport, each sport with
 * its subtotal, and the period's total; net is after commission.
 */
export function ProfitLossPage() {
  const [range, setRange] = useState<DayRange>(() => ({
    from_date: istYmdDaysAgo(DEFAULT_DAYS),
    to_date: istYmdDaysAgo(0),
  }));
  const { data, isLoading, isFetching, isError, error, refetch } = useProfitLoss(range);
  const sports = data ? groupBySport(data) : [];

  return (
    <PageFrame title="Profit & Loss" testId="profit-loss-page">
      <DateRangeForm
        initial={range}
        onSubmit={setRange}
        testIdPrefix="profit-loss"
        busy={isFetching && !isLoading}
      />
      <ReportTable
        columns={COLUMNS}
        sections={sports.map((sport) => ({
          heading: sums(
            sport.sport_name,
            sport,
            `profit-loss-sport-${sport.sport_id}`,
            `profit-loss-sport-net-${sport.sport_id}`,
          ),
          rows: sport.markets,
        }))}
        rowKey={(m) => m.market_id}
        rowProps={(m) => ({ 'data-testid': 'profit-loss-row', 'data-market-id': m.market_id })}
        state={{
          loading: isLoading,
          loadingLabel: 'Loading profit and loss',
          error: isError ? error : null,
          onRetry: refetch,
        }}
        totals={data ? [sums('Total', data.total, 'profit-loss-total')] : []}
        label="Profit and loss"
        testId="profit-loss-table"
      />
    </PageFrame>
  );
}
