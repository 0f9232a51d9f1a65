import type { CurrentBet } from '@exchange/contracts';
import { toast } from 'sonner';
import { formatAmount } from '@/lib/format';
import { useCancelBet, useMatchBets } from '../api/current-bets';

function oddsOf(bet: CurrentBet): string {
  if (bet.kind === 'FANCY') return `${bet.run ?? ''} / ${bet.rate ?? ''}`;
  if (bet.kind === 'BOOKMAKER') return String(bet.rate ?? '');
  return bet.odds.toFixed(2);
}

/** Matched exchange bets show the average odds they were matched at (a taker may get better). */
function shownOdds(bet: CurrentBet, unmatched: boolean): string {
  return bet.kind === 'EXCHANGE' && !unmatched && bet.avg_odds > 0 ? bet.avg_odds.toFixed(2) : oddsOf(bet);
}

function BetRows({ bets, unmatched }: { bets: CurrentBet[]; unmatched: boolean }) {
  const cancel = useCancelBet();
  return (
    <table className="my-bets__table">
      <thead>
        <tr>
          <th>{unmatched ? 'Unmatched' : 'Matched'}</th>
          <th className="num">Odds</th>
          <th className="num">Stake</th>
          {unmatched && <th aria-label="Cancel" />}
        </tr>
      </thead>
      <tbody>
        {bets.map((b) => (
          <tr
            key={b.bet_id}
            className={b.is_back ? 'my-bets__row--back' : 'my-bets__row--lay'}
            data-testid={`my-bet-${unmatched ? 'unmatched' : 'matched'}-${b.bet_id}`}
          >
            <td>
              <span className="my-bets__side">{b.side}</span> {b.selection_name}
              <span className="my-bets__market">{b.market_name}</span>
            </td>
            <td className="num">{shownOdds(b, unmatched)}</td>
            <td className="num">{formatAmount(unmatched ? b.unmatched_stake : b.matched_stake)}</td>
            {unmatched && (
              <td>
                <button
                  type="button"
                  className="btn btn--small"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(b.bet_id, {
                      onSuccess: () => toast.success('Bet Cancelled'),
                      onError: (err) => toast.error(err.message),
                    })
                  }
                  data-testid={`cancel-bet-${b.bet_id}`}
                >
                  Cancel
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The bettor's bets on this match: matched ones, and unmatched remainders that can be cancelled. */
export function MatchBets({ matchId }: { matchId: number }) {
  const { data, error } = useMatchBets(matchId);
  const bets = data ?? [];
  const matched = bets.filter((b) => b.matched_stake > 0);
  const unmatched = bets.filter((b) => b.unmatched_stake > 0);
  return (
    <section className="side-box" aria-label="My bets" data-testid="my-bets">
      <h2 className="side-box__title">My Bets</h2>
      {error ? (
        <p className="side-box__empty">{error.message}</p>
      ) : bets.length === 0 ? (
        <p className="side-box__empty" data-testid="my-bets-empty">
          No bets on this match yet
        </p>
      ) : (
        <>
          {unmatched.length > 0 && <BetRows bets={unmatched} unmatched />}
          {matched.length > 0 && <BetRows bets={matched} unmatched={false} />}
        </>
      )}
    </section>
  );
}
