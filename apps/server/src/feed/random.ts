/** The simulator's randomness is injected and reproducible (the engine's seeded generator), so a
 * test can replay a match ball by ball. */
import type { Random } from '@exchange/engine';

export { seededRandom, type Random } from '@exchange/engine';

/** Picks an index with the given weights (need not sum to 1). */
export function weightedIndex(random: Random, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r < 0) return i;
  }
  return weights.length - 1;
}
