/**
 * The bettor's limits in the bet path (issue 25, ADR 58): the limits his agent set (blocked
 * sports, largest stake, exposure, an extra in-play delay) and his own loss limit. The bet path
 * knows the market and the bettor's position in it; the limits and their reads live in
 * ../safer-gambling/, which the app hands to the service as a `BettorCheck`. This module is the
 * seam: what a bet offers to be judged by, computed from memory, and nothing else.
 */
import type { Side } from '@exchange/engine';
import type { BetRequest } from './bet-request.ts';
import type { MarketState } from './market-state.ts';

/** A bet as the bettor's limits read it. */
export interface BetForLimits {
  userId: number;
  matchId: number;
  stakePaise: number;
  /**
   * The most this bet can add to the bettor's exposure: the market's exposure with the bet less
   * the exposure stored now (never below 0). Computed on demand: only a bettor with an exposure
   * or loss limit pays for it.
   */
  exposureIncreasePaise(): number;
}

/**
 * Judges a bet against the bettor's limits before its delay and queue: throws the refusal, or
 * answers the extra in-play delay his agent set (ms).
 */
export type BettorCheck = (bet: BetForLimits) => Promise<{ extraDelayMs: number }>;

export function betForLimits(market: MarketState, req: BetRequest): BetForLimits {
  return {
    userId: req.userId,
    matchId: market.row.matchId,
    stakePaise: req.stakePaise,
    exposureIncreasePaise: () => exposureIncreaseOf(market, req),
  };
}

/**
 * The worst case the bet adds, as the affordability check would reserve it: an exchange bet
 * counted unmatched (matching at its price or better only lowers the exposure, the engine's
 * exposureAfter), a bookmaker or fancy bet taken whole at the price asked.
 */
function exposureIncreaseOf(market: MarketState, req: BetRequest): number {
  const now = market.positionOf(req.userId);
  const after = now.clone();
  if (req.kind === 'FANCY') after.addFancy(req.side as 'YES' | 'NO', req.line!, req.price, req.stakePaise);
  else
    after.addRunner(req.selectionId!, req.side as Side, req.price, req.kind !== 'EXCHANGE', req.stakePaise);
  return Math.max(market.exposureOf(after) - now.exposurePaise, 0);
}

/**
 * An edit to a new price (bet-edits.ts) as the limits read it: the rest cancelled and the new bet
 * placed, so what it adds is the exposure with the new bet and without the rest, less the
 * exposure now (a lay moved to a higher price adds; a back or a lower lay adds nothing).
 */
export function editForLimits(market: MarketState, rest: OpenOrderForLimits, req: BetRequest): BetForLimits {
  return {
    userId: req.userId,
    matchId: market.row.matchId,
    stakePaise: req.stakePaise,
    exposureIncreasePaise: () => {
      const now = market.positionOf(req.userId);
      const after = now.clone();
      after.addRunner(rest.selectionId, rest.side, rest.price, false, -rest.remainingPaise);
      after.addRunner(req.selectionId!, req.side as Side, req.price, false, req.stakePaise);
      return Math.max(market.exposureOf(after) - now.exposurePaise, 0);
    },
  };
}

/** What of a resting bet an edit takes back. */
export interface OpenOrderForLimits {
  selectionId: number;
  side: Side;
  price: number;
  remainingPaise: number;
}
