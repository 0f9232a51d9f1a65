/**
 * Horse racing non-runners (exchange-rules.md, Betfair's rules): a removed runner's reduction
 * factor (RF) lowers the price of bets matched on the other runners before the removal, and
 * may cancel the unmatched LAYs on them.
 *   WIN market: an RF under 2.5% is not applied; from 2.5% it is, and unmatched LAYs are cancelled.
 *   PLACE market: the RF is always applied; unmatched LAYs are cancelled from 4.0%.
 * Several removals apply one after another, each to the bets matched before it.
 */
import { MIN_PRICE, type Price } from './ladder.ts';
import type { ExchangeMarket, MarketOrder } from './exchange-market.ts';
import type { SelectionId } from './order-book.ts';

export type RaceMarketType = 'WIN' | 'PLACE';

export interface Removal {
  selectionId: SelectionId;
  /** Basis points: 250 = 2.5%. */
  reductionFactorBps: number;
  /** When the runner was removed, on the same scale as bets' matchedSeq (the service's sequence or clock). */
  atSeq: number;
}

export const WIN_REDUCTION_MIN_BPS = 250;
export const PLACE_LAY_CANCEL_MIN_BPS = 400;

function assertReductionFactor(bps: number): void {
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError(`Reduction factor must be 0..10000 basis points: ${bps}`);
}

/** Whether a removal's reduction factor changes the matched prices on the other runners. */
export function reductionApplies(marketType: RaceMarketType, reductionFactorBps: number): boolean {
  assertReductionFactor(reductionFactorBps);
  return marketType === 'PLACE' ? reductionFactorBps > 0 : reductionFactorBps >= WIN_REDUCTION_MIN_BPS;
}

/** Whether a removal cancels the unmatched LAY orders on the other runners. */
export function removalCancelsLays(marketType: RaceMarketType, reductionFactorBps: number): boolean {
  assertReductionFactor(reductionFactorBps);
  return reductionFactorBps >= (marketType === 'PLACE' ? PLACE_LAY_CANCEL_MIN_BPS : WIN_REDUCTION_MIN_BPS);
}

/**
 * p' = max(1.01, p x (1 - RF)). As Betfair shows it (8.6 less 16.2% -> 8.6 - 1.39 = 7.21; 4.0
 * less 9.69% -> 4.0 - 0.39 = 3.61), the reduction p x RF is rounded to the nearest hundredth
 * (half up) and subtracted; the result is not snapped to the ladder.
 */
export function reducedPrice(price: Price, reductionFactorBps: number): Price {
  assertReductionFactor(reductionFactorBps);
  const reduction = Math.floor((price * reductionFactorBps + 5_000) / 10_000);
  return Math.max(MIN_PRICE, price - reduction);
}

/** The price a bet settles at after every removal that applies to it (matched before the removal, on another runner). */
export function priceAfterRemovals(
  bet: { selectionId: SelectionId; price: Price; matchedSeq?: number | undefined },
  removals: readonly Removal[],
  marketType: RaceMarketType,
): Price {
  let price = bet.price;
  for (const removal of [...removals].sort((a, b) => a.atSeq - b.atSeq)) {
    if (removal.selectionId === bet.selectionId || !reductionApplies(marketType, removal.reductionFactorBps)) continue;
    if (bet.matchedSeq === undefined) throw new RangeError('A bet needs matchedSeq to settle a market with non-runners');
    if (bet.matchedSeq < removal.atSeq) price = reducedPrice(price, removal.reductionFactorBps);
  }
  return price;
}

/**
 * Takes a non-runner out of an exchange market's books: cancels every resting order on it and,
 * when the reduction factor calls for it, the resting LAYs on the other runners. Returns the
 * cancelled orders (their reservations are released by the caller).
 */
export function removeRunner(market: ExchangeMarket, removal: Removal, marketType: RaceMarketType): MarketOrder[] {
  const cancelled = market.runner(removal.selectionId).cancelAll().map((o) => ({ ...o, selectionId: removal.selectionId }));
  if (!removalCancelsLays(marketType, removal.reductionFactorBps)) return cancelled;
  for (const selectionId of market.selectionIds) {
    if (selectionId === removal.selectionId) continue;
    for (const o of market.runner(selectionId).cancelAll('LAY')) cancelled.push({ ...o, selectionId });
  }
  return cancelled;
}
