import type { CurrentBet, SettledBet } from '@exchange/contracts';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { CashOutBadge, Spinner, UnmatchedBetEditor } from '@/components';
import { useCancelAllBets, useCancelBet } from '@/lib/bet-changes';
import { betOutcomeLabel, betPriceLabel, matchedPriceLabel } from '@/lib/bet-odds';
import { formatAmount, formatRupees } from '@/lib/format';
import { useMatchBets, useSettledBets } from '../api/current-bets';

type Section = 'unmatched' | 'matched' | 'settled';
const TITLES: Record<Section, string> = { unmatched: 'Unmatched', matched: 'Matched', settled: 'Settled' };

const isSettled = (bet: CurrentBet): bet is SettledBet => 'outcome' in bet;

/** The bet's name cell: side, selection, a cash out's mark, and market. */
function BetName({ bet }: { bet: CurrentBet }) {
  return (
    <td>
      <span className="my-bets__side">{bet.side}</span> {bet.selection_name}
      <CashOutBadge origin={bet.cash_out} />
      <span className="my-bets__market">{bet.market_name}</span>
    </td>
  );
}

/** The odds asked and the average matched, side by side as on Current Bets (a taker may get better). */
function OddsCells({ bet, unmatched }: { bet: CurrentBet; unmatched: boolean }) {
  return (
    <>
      <td className="num" data-testid="bet-odds-requested">
        {betPriceLabel(bet)}
      </td>
      <td className="num" data-testid="bet-odds-matched">
        {unmatched ? '-' : matchedPriceLabel(bet)}
      </td>
    </>
  );
}

function CancelButton({ betId }: { betId: number }) {
  const cancel = useCancelBet();
  return (
    <button
      type="button"
      className="btn btn--small"
      disabled={cancel.isPending}
      onClick={() =>
        cancel.mutate(betId, {
          onSuccess: () => toast.success('Bet Cancelled'),
          onError: (err) => toast.error(err.message),
        })
      }
      data-testid={`cancel-bet-${betId}`}
    >
      Cancel
    </button>
  );
}

/** Cancels every unmatched rest the bettor has in this match's markets. */
function CancelAllButton({ bets }: { bets: CurrentBet[] }) {
  const cancelAll = useCancelAllBets();
  const marketIds = [...new Set(bets.map((b) => b.market_id))];
  return (
    <button
      type="button"
      className="btn btn--small my-bets__cancel-all"
      disabled={cancelAll.isPending}
      onClick={() =>
        cancelAll.mutate(marketIds, {
          onSuccess: (n) => toast.success(n === 1 ? '1 bet cancelled' : `${n} bets cancelled`),
          onError: (err) => toast.error(err.message),
        })
      }
      data-testid="cancel-all-bets"
    >
      Cancel all
    </button>
  );
}

function BetRows({ bets, section }: { bets: CurrentBet[]; section: Section }) {
  const unmatched = section === 'unmatched';
  const settled = section === 'settled';
  // The unmatched bet being edited (its editor opens under its row); a new price gives a new bet.
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <table className="my-bets__table">
      <thead>
        <tr>
          <th>{TITLES[section]}</th>
          <th className="num">Odds</th>
          <th className="num" title="Average matched odds">
            Avg
          </th>
          <th className="num">Stake</th>
          {unmatched &&
            (bets.length > 1 ? (
              <th>
                <CancelAllButton bets={bets} />
              </th>
            ) : (
              <th aria-label="Edit or cancel" />
            ))}
          {settled && <th className="num">P&amp;L</th>}
        </tr>
      </thead>
      <tbody>
        {bets.map((b) => (
          <Fragment key={b.bet_id}>
            <tr
              className={b.is_back ? 'my-bets__row--back' : 'my-bets__row--lay'}
              data-testid={`my-bet-${section}-${b.bet_id}`}
            >
              <BetName bet={b} />
              <OddsCells bet={b} unmatched={unmatched} />
              <td className="num">{formatAmount(unmatched ? b.unmatched_stake : b.matched_stake)}</td>
              {unmatched && (
                <td>
                  <span className="my-bets__actions">
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-expanded={editing === b.bet_id}
                      aria-label={`Edit ${b.side.toLowerCase()} ${b.selection_name} at ${betPriceLabel(b)}`}
                      onClick={() => setEditing(editing === b.bet_id ? null : b.bet_id)}
                      data-testid={`edit-bet-${b.bet_id}`}
                    >
                      Edit
                    </button>
                    <CancelButton betId={b.bet_id} />
                  </span>
                </td>
              )}
              {settled && isSettled(b) && <SettledCell bet={b} />}
            </tr>
            {unmatched && editing === b.bet_id && (
              <tr className="my-bets__editor">
                <td colSpan={5}>
                  {/* A partial match changes the rest: the editor starts again from it. */}
                  <UnmatchedBetEditor key={b.unmatched_stake} bet={b} onClose={() => setEditing(null)} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Won / Lost / Void and the bet's P&L, green for a profit and red for a loss. A win the operator
 * voided for a rules breach (ADR 35) says Voided, with what was taken back.
 */
function SettledCell({ bet }: { bet: SettledBet }) {
  const tone = bet.pnl > 0 ? 'profit' : bet.pnl < 0 ? 'loss' : '';
  return (
    <td className={`num my-bets__result ${tone}`}>
      <span
        className="my-bets__outcome"
        data-testid="bet-result"
        title={bet.voided ? `Voided by the operator: ${formatRupees(bet.voided.amount)} taken back` : undefined}
      >
        {bet.voided ? 'Voided' : betOutcomeLabel(bet.outcome)}
      </span>
      <span data-testid="bet-pnl">{formatAmount(bet.pnl)}</span>
    </td>
  );
}

/**
 * The bettor's bets on this match: unmatched remainders that can be cancelled, matched ones, and
 * once markets are settled, the settled ones with their result.
 */
export function MatchBets({ matchId }: { matchId: number }) {
  const open = useMatchBets(matchId);
  const done = useSettledBets(matchId);
  const bets = open.data ?? [];
  const settled = done.data ?? [];
  const matched = bets.filter((b) => b.matched_stake > 0);
  const unmatched = bets.filter((b) => b.unmatched_stake > 0);
  const error = open.error ?? done.error;
  // Until both lists have answered, 'No bets' could be untrue (a slow connection, a busy server).
  const loading = open.isPending || done.isPending;
  return (
    <section className="side-box" aria-label="My bets" data-testid="my-bets">
      <h2 className="side-box__title">My Bets</h2>
      {error ? (
        <p className="side-box__empty">{error.message}</p>
      ) : loading ? (
        <Spinner label="Loading your bets" />
      ) : bets.length === 0 && settled.length === 0 ? (
        <p className="side-box__empty" data-testid="my-bets-empty">
          No bets on this match yet
        </p>
      ) : (
        <>
          {unmatched.length > 0 && <BetRows bets={unmatched} section="unmatched" />}
          {matched.length > 0 && <BetRows bets={matched} section="matched" />}
          {settled.length > 0 && <BetRows bets={settled} section="settled" />}
        </>
      )}
    </section>
  );
}
