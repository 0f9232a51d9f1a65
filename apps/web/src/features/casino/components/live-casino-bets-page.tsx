import type { LiveCasinoRound } from '@exchange/contracts';
import { useState } from 'react';
import { DateRangeForm, PageFrame, Pager, TableScroll } from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo } from '@/lib/format';
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

/** report/live-casino-bets: the caller's casino rounds with their bets, payouts and P&L. */
export function LiveCasinoBetsPage() {
  const [filter, setFilter] = useState<LiveCasinoBetsFilter>(() => ({
    from_date: istYmdDaysAgo(7),
    to_date: istYmdDaysAgo(0),
    page: 1,
    limit: PAGE_SIZE,
  }));
  const { data, isFetching, isError, error } = useLiveCasinoBets(filter);
  const rows = data?.rows ?? [];

  return (
    <PageFrame title="Live Casino Bets" testId="live-casino-bets-page">
      <DateRangeForm
        initial={filter}
        onSubmit={({ from_date, to_date }) => setFilter({ ...filter, from_date, to_date, page: 1 })}
        testIdPrefix="live-casino"
        busy={isFetching}
      />
      <TableScroll label="Live casino bets">
        <table className="table" data-testid="live-casino-table">
          <thead>
            <tr>
              <th>Date</th>
              <th>Game</th>
              <th>Round</th>
              <th>Bets</th>
              <th>Result</th>
              <th className="num">Stake</th>
              <th className="num">Payout</th>
              <th className="num">P&amp;L</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={9} className="table__empty">
                  {isError ? error.message : 'No data available in table'}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={`${r.game_code}-${r.round_id}`} data-testid="live-casino-row">
                  <td className="nowrap">{formatIst(r.date)}</td>
                  <td>{r.gamename}</td>
                  <td>{r.round_id}</td>
                  <td>
                    <ul className="bet-lines">
                      {r.bets.map((b) => (
                        <li key={b.transaction_id}>
                          {b.option_name} @ {b.odds} · {formatAmount(b.stake)}{' '}
                          <span className="muted">({BET_STATE_LABELS[b.state]})</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    {r.winner && <strong>{r.winner}</strong>}
                    {r.cards.length > 0 && (
                      <div>
                        <CardRow cards={r.cards} />
                      </div>
                    )}
                  </td>
                  <td className="num">{formatAmount(r.stake)}</td>
                  <td className="num">{formatAmount(r.payout)}</td>
                  <td className={`num ${pnlClass(r.pnl)}`} data-testid="live-casino-pnl">
                    {formatAmount(r.pnl)}
                  </td>
                  <td>{STATUS_LABELS[r.status]}</td>
                </tr>
              ))
            )}
          </tbody>
          {data && rows.length > 0 && (
            <tfoot>
              <tr>
                <th colSpan={5}>
                  Total
                  {data.totals.open_stake > 0 ? ` (open stake ${formatAmount(data.totals.open_stake)})` : ''}
                </th>
                <th className="num">{formatAmount(data.totals.stake)}</th>
                <th className="num">{formatAmount(data.totals.payout)}</th>
                <th className={`num ${pnlClass(data.totals.pnl)}`}>{formatAmount(data.totals.pnl)}</th>
                <th />
              </tr>
            </tfoot>
          )}
        </table>
      </TableScroll>
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
