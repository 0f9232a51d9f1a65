/**
 * What the declare form sends (operator/declareResult, and the preview before it), as a pure
 * function of what was picked. A runner market names its winners; more winners than places paid
 * is a dead heat, and `tied` names those that tied for the last places (all winners when none are
 * picked, as the server takes it). A fancy or binary market gives its run total (or value).
 */
import type { OperatorMarket } from '@exchange/contracts';

export interface DeclarePicks {
  winners: readonly number[];
  places: number;
  tied: readonly number[];
  runs: string;
}

export interface DeclareBody {
  market_id: number;
  winner_ids?: number[];
  places?: number;
  tied_ids?: number[];
  runs?: number;
}

/** Runners that can be declared (a non-runner cannot win). */
export const declarableRunners = (m: OperatorMarket) => m.runners.filter((r) => r.status !== 'REMOVED');

export const isDeadHeat = (p: DeclarePicks) => p.winners.length > p.places;

/** The body to send, or the reason it cannot go yet. */
export function declareBody(m: OperatorMarket, p: DeclarePicks): { body: DeclareBody } | { problem: string } {
  if (m.kind === 'FANCY') {
    const runs = p.runs.trim();
    if (!/^\d+$/.test(runs))
      return {
        problem:
          m.market_type === 'BINARY'
            ? 'Enter the final value as a whole number'
            : 'Enter the run total as a whole number',
      };
    return { body: { market_id: m.market_id, runs: Number(runs) } };
  }
  if (p.winners.length === 0) return { problem: 'Pick the winner' };
  const body: DeclareBody = { market_id: m.market_id, winner_ids: [...p.winners] };
  if (p.places !== m.places) body.places = p.places;
  if (isDeadHeat(p)) {
    const tied = p.tied.filter((id) => p.winners.includes(id));
    // The winners not tied take places outright; the tied share the places left, more of them than places.
    const left = p.places - (p.winners.length - tied.length);
    if (tied.length > 0 && (left < 1 || tied.length <= left))
      return { problem: 'More runners must tie than the places left for them' };
    if (tied.length > 0 && tied.length < p.winners.length) body.tied_ids = tied;
  }
  return { body };
}
