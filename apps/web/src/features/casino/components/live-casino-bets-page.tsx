import type { LiveCasinoBetsPage as RoundsPage, LiveCasinoRound } from '@exchange/contracts';
import { useState } from 'react';
import {
  DateRangeForm,
  PageFrame,
  Pager,
  ReportTable,
  type ReportColumn,
  type SummaryRow,
} from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo, sumAmounts } from '@/lib/format';
import { useLiveCasinoBets, type LiveCasinoBetsFilter } from '../api/live-casino-bets';
import { CardRow } from './playing-card';
import './casino.css';

const PAGE_SIZE = 20;
const STATUS_LABELS: Record<LiveCasinoRound['status'], string> = {
  open: 'Open',
  settled: 'Settled',
  rolled_back: 'Rolled back',
};
const BET_STATE_LABELS: Record<LiveCasinoRound['bets'][number]['state'], string> = {
  open: 'open',
  won: 'won',
  lost: 'lost',
  push: 'push',
  partial: 'part',
  rolled_back: 'returned',
};

const pnlClass = (v: number) => (v > 0 ? 'profit' : v < 0 ? 'loss' : '');

const COLUMNS: ReportColumn<LiveCasinoRound>[] = [
  { id: 'date', header: 'Date', cell: (r) => formatIst(r.date), cellClass: () => 'nowrap' },
  { id: 'game', header: 'Game', cell: (r) => r.gamename },
  { id: 'round', header: 'Round', cell: (r) => r.round_id },
  {
    id: 'bets',
    header: 'Bets',
    wide: true,
    cell: (r) => (
      <ul className="bet-lines">
        {r.bets.map((b) => (
          <li key={b.transaction_id}>
            {b.option_name} @ {b.odds} · {formatAmount(b.stake)}{' '}
            <span className="muted">({BET_STATE_LABELS[b.state]})</span>
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'result',
    header: 'Result',
    wide: true,
    cell: (r) =>
      (r.winner || r.cards.length > 0) && (
        <>
          {r.winner && <strong>{r.winner}</strong>}
          {r.cards.length > 0 && (
            <div>
              <CardRow cards={r.cards} />
            </div>
          )}
        </>
      ),
  },
  { id: 'stake', header: 'Stake', num: true, cell: (r) => formatAmount(r.stake) },
  { id: 'payout', header: 'Payout', num: true, cell: (r) => formatAmount(r.payout) },
  {
    id: 'pnl',
    header: 'P&L',
    num: true,
    cell: (r) => formatAmount(r.pnl),
    cellClass: (r) => pnlClass(r.pnl),
    cellTestId: 'live-casino-pnl',
  },
  { id: 'status', header: 'Status', cell: (r) => STATUS_LABELS[r.status] },
];

const roundSums = (
  label: string,
  sums: Pick<LiveCasinoRound, 'stake' | 'payout' | 'pnl'>,
  testId: string,
): SummaryRow => ({
  key: testId,
  label,
  values: { stake: formatAmount(sums.stake), payout: formatAmount(sums.payout), pnl: formatAmount(sums.pnl) },
  classes: { pnl: pnlClass(sums.pnl) },
  testId,
});

/**
 * The period's stake, payout and P&L over every page (the call's totals), the stake of rounds
 * still open in its label; above it, when the period has more than one page, the rows' sums.
 */
function liveCasinoTotals(data: RoundsPage): SummaryRow[] {
  const open = data.totals.open_stake > 0 ? ` (open stake ${formatAmount(data.totals.open_stake)})` : '';
  const period = roundSums(`Total (${data.total} rounds)${open}`, data.totals, 'live-casino-total');
  if (data.rows.length === data.total) return [period];
  const page = roundSums(
    `Page total (${data.rows.length} rounds)`,
    {
      stake: sumAmounts(data.rows.map((r) => r.stake)),
      payout: sumAmounts(data.rows.map((r) => r.payout)),
      pnl: sumAmounts(data.rows.map((r) => r.pnl)),
    },
    'live-casino-page-total',
  );
  return [page, period];
}

/** report/live-casino-bets: the caller's casino rounds with their bets, payouts and P&L. */
export function LiveCasinoBetsPage() {
  const [filter, setFilter] = useState<LiveCasinoBetsFilter>(() => ({
    from_date: istYmdDaysAgo(7),
    to_date: istYmdDaysAgo(0),
    page: 1,
    limit: PAGE_SIZE,
  }));
  const { data, isLoading, isFetching, isError, error } = useLiveCasinoBets(filter);
  const rows = data?.rows ?? [];

  return (
    <PageFrame title="Live Casino Bets" testId="live-casino-bets-page">
      <DateRangeForm
        initial={filter}
        onSubmit={({ from_date, to_date }) => setFilter({ ...filter, from_date, to_date, page: 1 })}
        testIdPrefix="live-casino"
        busy={isFetching}
      />
      <ReportTable
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => `${r.game_code}-${r.round_id}`}
        rowProps={() => ({ 'data-testid': 'live-casino-row' })}
        state={{ loading: isLoading, loadingLabel: 'Loading casino bets', error: isError ? error : null }}
        totals={data ? liveCasinoTotals(data) : []}
        label="Live casino bets"
        testId="live-casino-table"
      />
      <Pager
        page={filter.page}
        limit={filter.limit}
        total={data?.total ?? 0}
        onPage={(page) => setFilter({ ...filter, page })}
        testId="live-casino-pager"
      />
    </PageFrame>
  );
}
