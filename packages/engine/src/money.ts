/**
 * Money is integer paise inside the system; rupees (at most 2 decimals) only at the API edge.
 * These functions are the only crossing points: rupeesToPaise for amounts that must already be
 * whole paise (it throws otherwise), roundToPaise for free-form figures (a typed amount, a sum
 * of rupee figures); paiseToRupees on the way out, paiseToRupeesUnchecked for a preview of
 * free-form input.
 */
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  // toFixed(2) round-trips exactly when the number has at most 2 decimals.
  if (!Number.isFinite(rupees) || Number(rupees.toFixed(2)) !== rupees) {
    throw new RangeError(`Not a rupee amount with at most 2 decimals: ${rupees}`);
  }
  const paise = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Amount out of range: ${rupees}`);
  return paise;
}

/**
 * Rupees to the nearest paisa (half up), for figures that may carry more than 2 decimals or
 * float noise: never throws (NaN and infinities come back as they are).
 */
export function roundToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be an integer: ${paise}`);
  return paise / 100;
}

/**
 * paise / 100 without paiseToRupees's check, for a preview worked out from free-form input (a
 * typed stake of any size may give paise past the safe integers): never throws.
 */
export function paiseToRupeesUnchecked(paise: number): number {
  return paise / 100;
}

/**
 * The largest stake (or order size) the engine accepts: ₹10 crore. The bound keeps every product
 * the engine forms (stake x odds in hundredths x 100, summed over a market's bets) far inside
 * Number.MAX_SAFE_INTEGER, so integer arithmetic on numbers stays exact.
 */
export const MAX_STAKE_PAISE: Paise = 10_000_000_000;

/** Throws a RangeError unless the amount is a whole number of paise in 1..MAX_STAKE_PAISE. */
export function assertStake(stakePaise: Paise, what = 'Stake'): void {
  if (!Number.isSafeInteger(stakePaise) || stakePaise <= 0 || stakePaise > MAX_STAKE_PAISE) {
    throw new RangeError(`${what} must be a whole number of paise in 1..${MAX_STAKE_PAISE}: ${stakePaise}`);
  }
}
