import { useState } from 'react';
import { amountColumn, DataTable, signedColumn, type Column } from '@/console/components';
import type { DataOf } from '@exchange/contracts';
import { DateRangeForm, type DayRange } from '@/components';
import { istYmdDaysAgo } from '@/lib/format';
import { usePartyWinLoss } from './api/party-win-loss';
import { accountColumn, SIGNS_NOTE } from './report-columns';
import './partnership.css';

/** The report opens on the last 7 days (IST), as the statements do. */
const DEFAULT_DAYS = 7;

type PartyWinLossRow = DataOf<'agentGetPartyWinLoss'>['rows'][number];

const COLUMNS: Column<PartyWinLossRow>[] = [
  accountColumn(),
  signedColumn('downline_pnl', 'Downline P/L (+ bettors won)', (r) => r.downline_pnl),
  signedColumn('own_share', 'Your share (+ you won)', (r) => r.own_share),
  signedColumn('upline_share', 'Upline share (+ upline won)', (r) => r.upline_share),
  amountColumn('commission', 'Commission (paid to bettors)', (r) => r.commission),
];

/**
 * Party win/loss (agent/getPartyWinLoss): for each direct account, the P&L of its downline between
 * two IST days, what the caller's share of it makes, what goes up and the commission paid, with
 * the period's totals; CSV.
 */
export function PartyWinLossPage() {
  const [range, setRange] = useState<DayRange>(() => ({
    from_date: istYmdDaysAgo(DEFAULT_DAYS),
    to_date: istYmdDaysAgo(0),
  }));
  const report = usePartyWinLoss(range);
  const data = report.data;
  return (
    <div className="business-page" data-testid="party-page">
      <div className="console-page__head">
        <h1>Party win/loss</h1>
      </div>
      <DateRangeForm
        initial={range}
        onSubmit={setRange}
        testIdPrefix="party"
        busy={report.isFetching && data !== undefined}
      />
      <p className="muted user-note">{SIGNS_NOTE}</p>
      <DataTable
        columns={COLUMNS}
        rows={data?.rows}
        rowKey={(r) => r.user_id}
        rowTestId={(r) => `party-row-${r.user_name}`}
        loading={report.isFetching}
        error={report.error}
        onRetry={report.refetch}
        empty="Nothing settled in this period."
        testId="party-table"
        cardsOnPhone
        csvName={`party-win-loss-${range.from_date}-${range.to_date}`}
        totals={data && { label: 'Total', values: data.totals }}
      />
    </div>
  );
}
