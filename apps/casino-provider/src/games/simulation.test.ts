import { describe, expect, it } from 'vitest';
import { seededRandom } from '@exchange/engine';
import { ENGINES } from './catalog.ts';
import { DECKS, Shoe } from './fair-core.ts';
import { maxPayoutFactor, type GameEngine } from './types.ts';

// 100,000 rounds per game with a seeded fast generator (not HMAC, for speed). For every option the
// mean payout per unit stake must match the stated return (rtp) within 4.5 standard errors, the
// standard error measured from the same sample: with the seed fixed the run is deterministic, and a
// correct statement fails a 4.5-sigma bound with odds under 1 in 100,000 per option, while a wrong
// price or a settlement bug moves the mean by far more on any but the rarest options. Every stated
// rtp must also show a small house edge: between 0 and 5.5%. No payout may exceed the option's
// stated maximum (what the debit tells the platform).

const ROUNDS = 100_000;

interface Tally {
  n: number;
  /** The largest payout seen over the option's stated maximum (maxPayoutFactor): must stay <= 1. */
  overMax: number;
  paid: number;
  stated: number;
  sq: number;
}

function simulate(engine: GameEngine, seed: number): Map<string, Tally> {
  const rnd = seededRandom(seed);
  const tallies = new Map<string, Tally>();
  const deck = DECKS[engine.deck];
  for (let round = 0; round < ROUNDS; round++) {
    const shoe = new Shoe(deck, rnd);
    const { result, draws } = engine.deal(() => shoe.next());
    for (const option of engine.options(draws.slice(0, engine.openCards))) {
      const paid = engine.settle(option.key, result);
      let t = tallies.get(option.key);
      if (!t) tallies.set(option.key, (t = { n: 0, overMax: 0, paid: 0, stated: 0, sq: 0 }));
      t.overMax = Math.max(t.overMax, paid / maxPayoutFactor(option));
      t.n++;
      t.paid += paid;
      t.stated += option.rtp;
      t.sq += (paid - option.rtp) ** 2;
    }
  }
  return tallies;
}

describe('return to player over 100,000 rounds per game', () => {
  for (const [i, engine] of Object.values(ENGINES).entries()) {
    it(`${engine.title}: every option pays its stated return within 4.5 standard errors`, () => {
      const tallies = simulate(engine, 1000 + i);
      const off: string[] = [];
      let paid = 0;
      let stated = 0;
      for (const [key, t] of tallies) {
        const mean = t.paid / t.n;
        const statedMean = t.stated / t.n;
        const se = Math.sqrt(t.sq / t.n / t.n);
        if (Math.abs(mean - statedMean) > 4.5 * se + 1e-9) off.push(`${key}: paid ${mean.toFixed(4)}, stated ${statedMean.toFixed(4)} ± ${(4.5 * se).toFixed(4)}`);
        // The platform refuses a credit above the maximum payout stated at debit.
        if (t.overMax > 1 + 1e-12) off.push(`${key}: paid ${t.overMax.toFixed(4)} x its stated maximum payout`);
        if (!(statedMean > 0.945 && statedMean < 1)) off.push(`${key}: stated return ${statedMean.toFixed(4)} is not a small house edge`);
        paid += t.paid;
        stated += t.stated;
      }
      expect(off).toEqual([]);
      // all options together (one unit on each option every round)
      expect(paid / stated).toBeGreaterThan(0.9);
      expect(paid / stated).toBeLessThan(1.1);
    });
  }
});
