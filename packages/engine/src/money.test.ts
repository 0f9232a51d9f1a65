import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paiseToRupees, rupeesToPaise } from './index.ts';

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
