/**
 * Pre-trade checks of a bet against its market as it is in memory: status, trading hours,
 * runner, stake limits, the price still on offer (bookmaker, fancy) and the market's maximum
 * profit. Returns the price the bet is taken at; throws the refusal otherwise.
 */
import {
  bookmakerPrice,
  crossingPaise,
  exceedsMaxProfit,
  paiseToRupees,
  priceToOdds,
  stakeLimitBreach,
  type Side,
} from '@exchange/engine';
import type { Clock } from '../../lib/time.ts';
import { sessionOf } from './answers.ts';
import type { BetRequest } from './bet-request.ts';
import { describeHours, withinSessionHours } from './hours.ts';
import type { MarketState } from './market-state.ts';
import type { UserPosition } from './positions.ts';
import { refuse } from './refusals.ts';

/**
 * `own`: the caller's position the self-match rule reads, when not the one stored in the market
 * (the market maker's re-quote checks each quote against its position as the re-quote leaves it).
 */
export function checkBet(market: MarketState, req: BetRequest, clock: Clock, own = market.positions.get(req.userId)): number {
  const row = market.row;
  if (market.settled || row.status === 'CLOSED' || row.status === 'INACTIVE') throw refuse.closed();
  if (row.status === 'SUSPENDED' || row.status === 'BALL_RUNNING') throw refuse.suspended();
  const hours = sessionOf(row);
  if (hours && !withinSessionHours(hours, clock())) throw refuse.notOpenHours(describeHours(hours));
  if (req.selectionId !== null) {
    const runner = market.runner(req.selectionId);
    if (!runner) throw refuse.invalid('This selection is not in the market');
    if (runner.status === 'REMOVED') throw refuse.runnerRemoved();
    if (runner.status !== 'ACTIVE') throw refuse.closed();
  }
  const breach = stakeLimitBreach(req.stakePaise, row);
  if (breach === 'BELOW_MIN') throw refuse.belowMin(paiseToRupees(row.minStakePaise));
  if (breach === 'ABOVE_MAX') throw refuse.aboveMax(paiseToRupees(row.maxStakePaise));

  let price = req.price;
  if (req.kind === 'BOOKMAKER') {
    const runner = market.runner(req.selectionId!)!;
    const rate = req.side === 'BACK' ? runner.backRate : runner.layRate;
    const asked = req.price - 100;
    // Taken at the current rate when it is at least as good for the bettor as the one asked.
    if (rate === null || (req.side === 'BACK' ? rate < asked : rate > asked)) throw refuse.oddsChanged();
    price = bookmakerPrice(rate);
  } else if (req.kind === 'FANCY') {
    const line = req.side === 'YES' ? row.yesLine : row.noLine;
    const rate = req.side === 'YES' ? row.yesRate : row.noRate;
    if (line === null || rate === null || line !== req.line || rate !== req.price) throw refuse.oddsChanged();
  }
  if (exceedsMaxProfit(req.kind, req.side, price, req.stakePaise, row))
    throw refuse.maxProfit(paiseToRupees(row.maxProfitPaise));
  if (market.book) {
    const crossed = ownCrossedPrice(own, req);
    if (crossed !== undefined) throw refuse.ownBetCrossed(priceToOdds(crossed));
  }
  if (req.minFillPaise !== null && market.book) {
    // Fill or kill: the part that matches is the bet, so it too must be at least the market's
    // minimum stake.
    const needed = Math.max(req.minFillPaise, row.minStakePaise);
    const available = fillableNow(market, req);
    if (available < needed) throw refuse.notFilled(paiseToRupees(needed), paiseToRupees(available));
  }
  return price;
}

/** What an exchange bet would match now at its odds or better, at most its stake. */
export function fillableNow(market: MarketState, req: BetRequest): number {
  const side = req.side as Side;
  const levels = market.book!.runner(req.selectionId!).bestLevels(side, Infinity);
  return Math.min(req.stakePaise, crossingPaise(levels, side, req.price));
}

/**
 * No bettor matches himself (ADR 50): the best price of the caller's own unmatched opposite bets
 * on the runner that this bet would cross (a BACK at p crosses resting LAYs at p or higher, a LAY
 * at p resting BACKs at p or lower); undefined when it crosses none. Read from the caller's
 * position in the market, whose unmatched buckets are exactly its rests in the book.
 */
export function ownCrossedPrice(position: UserPosition | undefined, req: BetRequest): number | undefined {
  if (!position) return undefined;
  let best: number | undefined;
  for (const b of position.runnerBets.values()) {
    if (b.matched || b.selectionId !== req.selectionId || b.side === req.side) continue;
    const crosses = req.side === 'BACK' ? b.price >= req.price : b.price <= req.price;
    if (!crosses) continue;
    if (best === undefined || (req.side === 'BACK' ? b.price > best : b.price < best)) best = b.price;
  }
  return best;
}
