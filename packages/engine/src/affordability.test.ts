import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canAfford, fundsNeededPaise } from './index.ts';

const paise = fc.integer({ min: 0, max: 1_000_000 });

describe('the one affordability rule', () => {
  it('worked examples: the rise in exposure must fit in the free balance; a user in debt may not bet, not even a hedge', () => {
    // ₹10 balance, ₹4 on other markets, ₹2 on this one: ₹4 free.
    expect(canAfford(1_000, 400, 600, 200)).toBe(true);
    expect(canAfford(1_000, 400, 601, 200)).toBe(false);
    // A hedge that lowers the exposure needs nothing free...
    expect(fundsNeededPaise(600, 100)).toBe(0);
    expect(canAfford(1_000, 400, 100, 600)).toBe(true);
    // ...but with less than nothing free (a debt, ADR 35) it is refused all the same.
    expect(canAfford(1_000, 400, 100, 601)).toBe(false);
    expect(canAfford(-1, 0, 0, 0)).toBe(false);
  });

  it('is balance - other markets - max(before, after) >= 0, and the free balance against the funds needed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), paise, paise, paise, (balance, others, after, before) => {
        const accepted = canAfford(balance, others, after, before);
        expect(accepted).toBe(balance - others - Math.max(before, after) >= 0);
        // What the SQL checks under its row lock: the stored reservation is others + before.
        expect(accepted).toBe(balance - (others + before) >= fundsNeededPaise(before, after));
        expect(fundsNeededPaise(before, after)).toBe(Math.max(0, after - before));
      }),
      { numRuns: 2_000 },
    );
  });

  it('on a market without a bet yet: balance - other markets - exposure after >= 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), paise, paise, (balance, others, after) => {
        expect(canAfford(balance, others, after)).toBe(balance - others - after >= 0);
      }),
    );
  });
});
