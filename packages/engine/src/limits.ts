/**
 * A market's bet limits (exchange-rules.md: "each market has min stake, max stake, max profit"):
 * a bet is refused when its stake is outside min..max, or when what it can win is more than the
 * market's max profit.
 */
import type { Price } from './ladder.ts';
import type { Paise } from './money.ts';
import type { Side } from './order-book.ts';
import type { FancySide } from './pnl.ts';
import type { MarketKind } from './settlement.ts';

/** A market's limits, in paise (the markets table's columns of the same names). */
export interface BetLimits {
  minStakePaise: Paise;
  maxStakePaise: Paise;
  maxProfitPaise: Paise;
}

export type StakeLimitBreach = 'BELOW_MIN' | 'ABOVE_MAX';

/** Which stake limit the stake breaks (below the min stake, above the max stake), or null. */
export function stakeLimitBreach(
  stakePaise: Paise,
  limits: Pick<BetLimits, 'minStakePaise' | 'maxStakePaise'>,
): StakeLimitBreach | null {
  if (stakePaise < limits.minStakePaise) return 'BELOW_MIN';
  if (stakePaise > limits.maxStakePaise) return 'ABOVE_MAX';
  return null;
}

/** What a back of `stakePaise` at decimal odds `price` (hundredths) wins: s x (p - 1), rounded down to the paisa. */
export function backWinningsPaise(stakePaise: Paise, price: Price): Paise {
  return Math.floor((stakePaise * (price - 100)) / 100);
}

/**
 * What a bet wins if it wins, in whole paise (rounded down, as settlement pays it): the figure
 * a market's max profit limits. `price` is the bet's price as an order stores it: decimal odds
 * in hundredths on the exchange and the bookmaker (1 + rate/100), the rate in percent on fancy.
 *   LAY, NO: the backer's stake.   BACK: s x (p - 1).   Fancy YES: s x rate / 100.
 * Pure arithmetic with no checks: the caller has checked the stake and the price.
 */
export function potentialProfitPaise(kind: MarketKind, side: Side | FancySide, price: number, stakePaise: Paise): Paise {
  if (side === 'LAY' || side === 'NO') return stakePaise;
  if (kind === 'FANCY') return Math.floor((stakePaise * price) / 100);
  return backWinningsPaise(stakePaise, price);
}

/** Whether a bet could win more than the market's max profit (the bet is then refused). */
export function exceedsMaxProfit(
  kind: MarketKind,
  side: Side | FancySide,
  price: number,
  stakePaise: Paise,
  limits: Pick<BetLimits, 'maxProfitPaise'>,
): boolean {
  return potentialProfitPaise(kind, side, price, stakePaise) > limits.maxProfitPaise;
}
