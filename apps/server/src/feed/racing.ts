/**
 * Races, pure: which runner (if any) is withdrawn before the off, with what reduction factor,
 * and the finishing order, drawn by the runners' chances.
 */
import { weightedIndex, type Random } from './random.ts';

/** About one race in six loses a runner before the off. */
const NON_RUNNER_CHANCE = 1 / 6;
/** About one race in twenty-five ends in a dead heat for first. */
const DEAD_HEAT_CHANCE = 1 / 25;

/**
 * A non-runner for a race of `chances` (win probabilities of the runners still in), or null.
 * The reduction factor is its chance to win, in basis points, as the exchanges set it.
 */
export function drawNonRunner(random: Random, chances: readonly number[]): { index: number; reductionFactorBps: number } | null {
  if (chances.length < 4 || random() >= NON_RUNNER_CHANCE) return null;
  const index = Math.floor(random() * chances.length);
  const total = chances.reduce((a, b) => a + b, 0);
  return { index, reductionFactorBps: Math.round((chances[index]! / total) * 10_000) };
}

export interface Finish {
  /** Runner indexes in finishing order. */
  order: number[];
  /** True when the first two dead-heated for the win. */
  deadHeat: boolean;
}

/** Draws the finishing order without replacement, weighted by chance. */
export function drawFinish(random: Random, chances: readonly number[]): Finish {
  const left = chances.map((c, i) => ({ c, i }));
  const order: number[] = [];
  while (left.length > 0) {
    const k = weightedIndex(random, left.map((r) => r.c));
    order.push(left[k]!.i);
    left.splice(k, 1);
  }
  return { order, deadHeat: order.length >= 3 && random() < DEAD_HEAT_CHANCE };
}
