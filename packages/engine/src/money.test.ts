import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paiseToRupees, paiseToRupeesUnchecked, roundToPaise, rupeesToPaise } from './index.ts';

describe('money edge conversion', () => {
  it('round-trips every paise amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (p) => rupeesToPaise(paiseToRupees(p)) === p));
  });
  it('refuses more than 2 decimals and non-integers', () => {
    expect(() => rupeesToPaise(1.005)).toThrow(RangeError);
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
    expect(rupeesToPaise(10.1)).toBe(1010);
  });
});

describe('rounding free-form rupees to paise', () => {
  it('agrees with rupeesToPaise on every amount with at most 2 decimals', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (p) => roundToPaise(paiseToRupees(p)) === rupeesToPaise(paiseToRupees(p))));
  });
  it('rounds more decimals to the nearest paisa where rupeesToPaise throws, and never throws', () => {
    expect(roundToPaise(1.006)).toBe(101);
    expect(roundToPaise(0.1 + 0.2)).toBe(30);
    expect(roundToPaise(-2.504)).toBe(-250);
    expect(roundToPaise(Number.NaN)).toBeNaN();
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (rupees) => {
        expect(Math.abs(roundToPaise(rupees) - rupees * 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('unchecked paise to rupees for previews', () => {
  it('agrees with paiseToRupees on every safe integer and divides anything else without throwing', () => {
    fc.assert(fc.property(fc.integer({ min: -1e15, max: 1e15 }), (p) => paiseToRupeesUnchecked(p) === paiseToRupees(p)));
    expect(paiseToRupeesUnchecked(1.5)).toBe(0.015);
    expect(paiseToRupeesUnchecked(2 ** 60)).toBe(2 ** 60 / 100);
  });
});
