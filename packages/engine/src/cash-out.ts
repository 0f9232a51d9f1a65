/**
 * Cash out (exchange-rules.md, "Cash out"): the hedge bets that make a bettor's P&L on a runner
 * market the same whatever wins, at the prices the book offers now, and the value that locks in.
 * Pure: the service places the legs together, fill-or-kill at their prices or better.
 *
 * The maths. W_j is the bettor's P&L if runner j wins. A hedge stakes x_j on each runner (x > 0 a
 * back, x < 0 a lay) whose payout P_j(x_j), stake x price summed over the levels it takes, brings
 * every outcome to the target T = W_j + P_j(x_j); every outcome then ends at G(T) = T - sum of x_j.
 * P_j is concave (each further level is a worse price, and a runner's lay price is above its back
 * price), so x_j(T) = P_j^-1(T - W_j) is convex and G is concave and piecewise linear: its corners
 * are where a runner changes side (T = W_j) and where it finishes a level, and its slope is
 * 1 - sum of 1/o_j, o_j the price of the level each runner is on. The best T is the corner where
 * the slope stops being positive, found by bisection over the corners. This is exact, level by
 * level; re-solving with an average price until it settles would give the same T, only slower
 * and with a tolerance (DECISIONS.md 10).
 *
 * Amounts are exact bigints in millionths of a paisa: pnl.ts's hundredths of a paisa times the
 * fraction's basis points.
 */
import { MAX_PRICE, MIN_PRICE, type Price } from './ladder.ts';
import { MAX_STAKE_PAISE, type Paise } from './money.ts';
import type { PriceLevel, SelectionId, Side } from './order-book.ts';
import { bookmakerPrice, exactRunnerPnl, runnerPnl, type RunnerBet } from './pnl.ts';

/** What one runner's book offers the bettor now, as OrderBookLike.bestLevels shows it. */
export interface RunnerOffer {
  selectionId: SelectionId;
  /** Available to back (the resting LAYs): the best, highest price first. */
  availableToBack: readonly PriceLevel[];
  /** Available to lay (the resting BACKs): the best, lowest price first. */
  availableToLay: readonly PriceLevel[];
}

export interface CashOutRequest {
  /** Every runner of the market, with what its book offers. */
  offers: readonly RunnerOffer[];
  /** The bettor's bets in the market: the matched ones are the position (unmatched ones are ignored). */
  bets: readonly RunnerBet[];
  /** How much of the position to cash out, in basis points: 10,000 (the default) is all of it. */
  fractionBps?: number;
}

export interface CashOutLeg {
  selectionId: SelectionId;
  side: Side;
  /** The worst price the leg reaches: it is placed fill-or-kill at this price or better. */
  price: Price;
  stakePaise: Paise;
  /** What the leg takes from each level, best first, each at the level's own price. */
  fills: PriceLevel[];
}

export type CashOutRefusal = 'NOTHING_TO_CASH_OUT' | 'NOT_ENOUGH_LIQUIDITY';

export type CashOutQuote =
  | {
      available: true;
      legs: CashOutLeg[];
      /** Each runner's P&L if it wins once the legs are matched: runnerPnl, rounded against the bettor. */
      pnlAfterPaise: Map<SelectionId, Paise>;
      /** The least of pnlAfterPaise: what the bettor gets at least, before commission. */
      valuePaise: Paise;
      /**
       * What the part cashed out locks in, the same on every outcome (the least, rounded down):
       * each outcome's P&L after less the (1 - f) of the position left. valuePaise when f is 1.
       */
      lockedPaise: Paise;
    }
  | { available: false; reason: CashOutRefusal };

const ALL_BPS = 10_000;
/**
 * A position whose outcomes are less than this apart is even: a full cash out leaves up to about
 * a paisa a leg of rounding (more on a leg's own runner at long odds), which is no position to
 * hedge again. One rupee: a hundredth of the smallest stake a market takes.
 */
export const EVEN_PAISE = 100n;
const PER_PAISA = 1_000_000n;
/** A stake of s paise at price p (hundredths) pays s x p x PAYOUT_PER_PRICE_UNIT millionths of a paisa. */
const PAYOUT_PER_PRICE_UNIT = 10_000n;

/** A level a hedge can take, with its payout: what taking all of it moves the runner's outcome. */
interface Level extends PriceLevel {
  payout: bigint;
}

/** One runner as the hedge sees it: the position's P&L if it wins (scaled by the fraction) and its depth. */
interface HedgeRunner {
  selectionId: SelectionId;
  pnl: bigint;
  toBack: Level[];
  toLay: Level[];
  /** The most backing (laying) can raise (lower) the runner's outcome: every level's payout. */
  backCapacity: bigint;
  layCapacity: bigint;
}

/**
 * The levels of one side, checked (valid prices, whole positive sizes, best first, strictly) and
 * cut at one bet's largest stake: a leg is one bet, and MAX_STAKE_PAISE keeps its sums exact.
 */
function usableLevels(levels: readonly PriceLevel[], side: Side, selectionId: SelectionId): Level[] {
  const usable: Level[] = [];
  let stakePaise = 0;
  for (const [i, level] of levels.entries()) {
    const { price, sizePaise } = level;
    if (!Number.isInteger(price) || price < MIN_PRICE || price > MAX_PRICE) {
      throw new RangeError(`Not a price: ${price}`);
    }
    if (!Number.isSafeInteger(sizePaise) || sizePaise <= 0) {
      throw new RangeError(`Not a level size in paise: ${sizePaise}`);
    }
    const previous = levels[i - 1]?.price;
    if (previous !== undefined && (side === 'BACK' ? price >= previous : price <= previous)) {
      throw new RangeError(`Runner ${selectionId}'s levels to ${side.toLowerCase()} are not best first`);
    }
    const takenPaise = Math.min(sizePaise, MAX_STAKE_PAISE - stakePaise);
    if (takenPaise === 0) continue;
    const payout = BigInt(takenPaise) * BigInt(price) * PAYOUT_PER_PRICE_UNIT;
    usable.push({ price, sizePaise: takenPaise, payout });
    stakePaise += takenPaise;
  }
  return usable;
}

const sumPayouts = (levels: readonly Level[]) => levels.reduce((sum, level) => sum + level.payout, 0n);
const byValue = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const least = (values: readonly bigint[]) => values.reduce((a, b) => (b < a ? b : a));
const most = (values: readonly bigint[]) => values.reduce((a, b) => (b > a ? b : a));

/** The price of the level runner r takes as the target rises from t: a back above its P&L, a lay below. */
function priceAbove(r: HedgeRunner, t: bigint): Price {
  const shift = t - r.pnl;
  let payout = 0n;
  for (const level of shift >= 0n ? r.toBack : r.toLay) {
    payout += level.payout;
    if (shift >= 0n ? shift < payout : -shift <= payout) return level.price;
  }
  throw new Error(`Target ${t} is past runner ${r.selectionId}'s depth`);
}

/** Whether G rises just above t: its slope 1 - sum of 1/o_j is positive, compared exactly as a fraction. */
function risesAbove(runners: readonly HedgeRunner[], t: bigint): boolean {
  let numerator = 0n;
  let denominator = 1n;
  for (const r of runners) {
    const odds = BigInt(priceAbove(r, t));
    numerator = numerator * odds + denominator;
    denominator *= odds;
  }
  // Prices are hundredths of odds: sum of 1/o_j < 1 is sum of 100/price_j < 1.
  return 100n * numerator < denominator;
}

/**
 * The leg that brings runner r's outcome to the target t, walking its levels best first. The one
 * level taken in part rounds toward the runner's own outcome (a back's stake up, a lay's down, a
 * lay under a paisa to no leg): that outcome can only gain, every other one loses under a paisa.
 */
function legTo(r: HedgeRunner, t: bigint): CashOutLeg | undefined {
  const side: Side = t > r.pnl ? 'BACK' : 'LAY';
  let rest = side === 'BACK' ? t - r.pnl : r.pnl - t;
  const fills: PriceLevel[] = [];
  for (const level of side === 'BACK' ? r.toBack : r.toLay) {
    if (rest <= 0n) break;
    if (rest >= level.payout) {
      fills.push({ price: level.price, sizePaise: level.sizePaise });
      rest -= level.payout;
      continue;
    }
    const perPaisa = BigInt(level.price) * PAYOUT_PER_PRICE_UNIT;
    const stakePaise = Number(side === 'BACK' ? (rest + perPaisa - 1n) / perPaisa : rest / perPaisa);
    if (stakePaise > 0) fills.push({ price: level.price, sizePaise: stakePaise });
    rest = 0n;
  }
  const last = fills.at(-1);
  if (last === undefined) return undefined;
  const stakePaise = fills.reduce((sum, fill) => sum + fill.sizePaise, 0);
  return { selectionId: r.selectionId, side, price: last.price, stakePaise, fills };
}

/**
 * The cash out of a bettor's position on a runner market (exchange or bookmaker) at the book's
 * prices now. A fraction f cashes out f of the position: the hedge of f x W, leaving (1 - f) x W
 * as it was; each outcome moves f of the way to the full cash out's value, or a little further
 * when the smaller hedge walks fewer levels (DECISIONS.md 10).
 */
export function quoteCashOut(request: CashOutRequest): CashOutQuote {
  const fractionBps = request.fractionBps ?? ALL_BPS;
  if (!Number.isInteger(fractionBps) || fractionBps < 1 || fractionBps > ALL_BPS) {
    throw new RangeError(`A cash out fraction is 1..${ALL_BPS} basis points: ${fractionBps}`);
  }
  const selectionIds = request.offers.map((offer) => offer.selectionId);
  if (new Set(selectionIds).size !== selectionIds.length) throw new RangeError('A runner is offered twice');
  const pnl = exactRunnerPnl(selectionIds, request.bets);
  const runners = request.offers.map((offer): HedgeRunner => {
    const toBack = usableLevels(offer.availableToBack, 'BACK', offer.selectionId);
    const toLay = usableLevels(offer.availableToLay, 'LAY', offer.selectionId);
    // A crossed runner (back above lay) would have matched on an exchange, and it would break G's concavity.
    if (toBack[0] && toLay[0] && toBack[0].price > toLay[0].price) {
      const prices = `back ${toBack[0].price} > lay ${toLay[0].price}`;
      throw new RangeError(`Runner ${offer.selectionId}'s book is crossed: ${prices}`);
    }
    return {
      selectionId: offer.selectionId,
      pnl: pnl.get(offer.selectionId)! * BigInt(fractionBps),
      toBack,
      toLay,
      backCapacity: sumPayouts(toBack),
      layCapacity: sumPayouts(toLay),
    };
  });
  const pnls = runners.map((r) => r.pnl);
  // Outcomes less than a paisa apart: no hedge in whole paise can even them out.
  // Outcomes less than EVEN_PAISE apart (scaled by the fraction): already even, as a cash out
  // leaves a position (its legs' rounding), with nothing worth a hedge.
  if (runners.length === 0 || most(pnls) - least(pnls) < EVEN_PAISE * PER_PAISA) {
    return { available: false, reason: 'NOTHING_TO_CASH_OUT' };
  }

  // T between the least and the most W: every leg hedges (backs a runner that would lose, lays one
  // that would win). Past them every runner is backed (laid) more, a dutch bet that only pays when
  // the book offers an arbitrage (sum of 1/back prices < 1, or of 1/lay prices > 1): that is a
  // trade of its own, not the cash out, and it would grow with the book's depth without a bound.
  const lowest = most([least(pnls), ...runners.map((r) => r.pnl - r.layCapacity)]);
  const highest = least([most(pnls), ...runners.map((r) => r.pnl + r.backCapacity)]);
  if (lowest > highest) return { available: false, reason: 'NOT_ENOUGH_LIQUIDITY' };

  const corners = new Set([lowest, highest]);
  for (const r of runners) {
    corners.add(r.pnl);
    let payout = 0n;
    for (const level of r.toBack) corners.add(r.pnl + (payout += level.payout));
    payout = 0n;
    for (const level of r.toLay) corners.add(r.pnl - (payout += level.payout));
  }
  const targets = [...corners].filter((t) => t >= lowest && t <= highest).sort(byValue);
  // G is concave: bisect for the last corner G still rises into.
  let from = 0;
  let to = targets.length - 1;
  while (from < to) {
    const mid = (from + to + 1) >> 1;
    if (risesAbove(runners, targets[mid - 1]!)) from = mid;
    else to = mid - 1;
  }
  const target = targets[from]!;

  const legs = runners.flatMap((r) => legTo(r, target) ?? []);
  if (legs.length === 0) return { available: false, reason: 'NOTHING_TO_CASH_OUT' };
  const hedge = legs.flatMap(({ selectionId, side, fills }) =>
    fills.map((fill): RunnerBet => ({ selectionId, side, ...fill, matched: true })),
  );
  const pnlAfterPaise = runnerPnl(selectionIds, [...request.bets, ...hedge]);
  // A hedge that locks less than the worst outcome of what it hedges (f x W) leaves every outcome
  // worse than doing nothing (a thin book at poor prices forces dutching the rest): no cash out is
  // offered, as when the book cannot take it (DECISIONS.md 10). What the hedge adds to outcome j
  // is its P&L after less the (1 - f) x W_j it leaves; the legs' rounding (under a paisa each) is
  // allowed.
  const locked = least(
    runners.map((r) => BigInt(pnlAfterPaise.get(r.selectionId)!) * PER_PAISA - (pnl.get(r.selectionId)! * BigInt(ALL_BPS) - r.pnl)),
  );
  if (locked < least(pnls) - BigInt(legs.length) * PER_PAISA) return { available: false, reason: 'NOT_ENOUGH_LIQUIDITY' };
  const valuePaise = Math.min(...pnlAfterPaise.values());
  const lockedPaise = fractionBps === ALL_BPS ? valuePaise : Number(floorDiv(locked, PER_PAISA));
  return { available: true, legs, pnlAfterPaise, valuePaise, lockedPaise };
}

/** A bookmaker runner's back and lay rates (exchange-rules.md: rate r is decimal odds 1 + r/100). */
export interface BookmakerRates {
  selectionId: SelectionId;
  /** Absent while the house offers no back (lay) on the runner. */
  backRatePaise?: number;
  layRatePaise?: number;
}

/**
 * A bookmaker runner as quoteCashOut's offer: the house takes any amount at its rates, which is
 * one level per side as large as a bet can be (no leg is larger than one bet).
 */
export function bookmakerOffer({ selectionId, backRatePaise, layRatePaise }: BookmakerRates): RunnerOffer {
  const level = (ratePaise: number | undefined): PriceLevel[] =>
    ratePaise === undefined ? [] : [{ price: bookmakerPrice(ratePaise), sizePaise: MAX_STAKE_PAISE }];
  return { selectionId, availableToBack: level(backRatePaise), availableToLay: level(layRatePaise) };
}


/** a / b rounded down (toward minus infinity), b > 0. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b < 0n ? q - 1n : q;
}
