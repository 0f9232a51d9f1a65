/**
 * The one affordability rule (exchange-rules.md, ADR 35, ADR 45): a bet is accepted only if the
 * bettor's balance less every market's exposure after it stays >= 0, and a bettor in debt (a
 * negative available balance, ADR 35) may not bet at all, not even a hedge that lowers the
 * exposure. Both are one inequality:
 *
 *   balance - other markets' exposure - max(this market's exposure before, after) >= 0
 *
 * The bet writers run it where the account is locked: in TypeScript (`canAfford`), and in SQL
 * as `balance_paise - exposure_paise >= fundsNeededPaise(...)`, the locked row's free balance
 * against the figure this module computed. The stake limits and the max profit are the
 * market's own checks (limits.ts); exposure itself is pnl.ts.
 */
import type { Paise } from './money.ts';

/**
 * What a bet needs free on the account (balance less every reservation as it stands): the rise
 * in its market's exposure. A bet that lowers the exposure needs nothing, so it is refused only
 * when the account is in debt already.
 */
export function fundsNeededPaise(exposureBeforePaise: Paise, exposureAfterPaise: Paise): Paise {
  return Math.max(exposureAfterPaise - exposureBeforePaise, 0);
}

/**
 * The rule: can the bettor afford a bet that moves its market's exposure from `before` (0 for a
 * market it has no bet in) to `after`? The other markets' exposure is what the account reserves
 * for every other market.
 */
export function canAfford(
  balancePaise: Paise,
  otherMarketsExposurePaise: Paise,
  exposureAfterPaise: Paise,
  exposureBeforePaise: Paise = 0,
): boolean {
  const freePaise = balancePaise - otherMarketsExposurePaise - exposureBeforePaise;
  return freePaise >= fundsNeededPaise(exposureBeforePaise, exposureAfterPaise);
}
