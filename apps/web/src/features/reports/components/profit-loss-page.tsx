import { useState } from 'react';
import {
  DateRangeForm,
  ExportCsvButton,
  PageFrame,
  ReportTable,
  type DayRange,
  type ReportColumn,
  type SummaryRow,
} from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo, istYmdMonthsAgo } from '@/lib/format';
import { useProfitLoss } from '../api/profit-loss';
import { groupBySport, pnlClass, type ProfitLossRow } from '../lib/profit-loss';
import './reports.css';

/**
 * The period presets (issue 25), each a range of IST days ending today (yesterday: that day only).
 * "7 days" and "30 days" start that many days back, like the statement's opening range; "3 months"
 * and "12 months" are calendar months: from the same day that many months back (or the last day of
 * a shorter month), not 90 or 365 days.
 */
export const PERIODS: ReadonlyArray<{ id: string; label: string; range: () => DayRange }> = [
  { id: 'today', label: 'Today', range: () => ({ from_date: istYmdDaysAgo(0), to_date: istYmdDaysAgo(0) }) },
  {
    id: 'yesterday',
    label: 'Yesterday',
    range: () => ({ from_date: istYmdDaysAgo(1), to_date: istYmdDaysAgo(1) }),
  },
  { id: '7d', label: '7 days', range: () => ({ from_date: istYmdDaysAgo(7), to_date: istYmdDaysAgo(0) }) },
  { id: '30d', label: '30 days', range: () => ({ from_date: istYmdDaysAgo(30), to_date: istYmdDaysAgo(0) }) },
  {
    id: '3m',
    label: '3 months',
    range: () => ({ from_date: istYmdMonthsAgo(3), to_date: istYmdDaysAgo(0) }),
  },
  {
    id: '12m',
    label: '12 months',
    range: () => ({ from_date: istYmdMonthsAgo(12), to_date: istYmdDaysAgo(0) }),
  },
];
/** The report opens on the last 7 days (IST), like the statement. */
const DEFAULT_PERIOD = PERIODS[2]!;

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
  const [range, setRange] = useState<DayRange>(DEFAULT_PERIOD.range);
  const { data, isLoading, isFetching, isError, error, refetch } = useProfitLoss(range);
  const sports = data ? groupBySport(data) : [];

  return (
    <PageFrame title="Profit & Loss" testId="profit-loss-page">
      <div className="report-actions">
        <div className="period-group" role="group" aria-label="Period" data-testid="profit-loss-periods">
          {PERIODS.map((p) => {
            const r = p.range();
            const pressed = r.from_date === range.from_date && r.to_date === range.to_date;
            return (
              <button
                key={p.id}
                type="button"
                className={`btn btn--small ${pressed ? 'btn--primary' : 'btn--secondary'}`}
                aria-pressed={pressed}
                onClick={() => setRange(r)}
                data-testid={`profit-loss-period-${p.id}`}
              >
                {p.label}
              </button>
            );
          })}
        </div>
        <ExportCsvButton request={{ report: 'PROFIT_LOSS', ...range }} />
      </div>
      {/* A preset's range replaces the form's days: the form starts again from the range shown. */}
      <DateRangeForm
        key={`${range.from_date}_${range.to_date}`}
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
