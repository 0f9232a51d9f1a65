/**
 * Money is integer paise inside the system; rupees (at most 2 decimals) only at the API edge.
 * These two functions are the only crossing points.
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

export function paiseToRupees(paise: Paise): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be an integer: ${paise}`);
  return paise / 100;
}
