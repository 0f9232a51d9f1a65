import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LADDER, MAX_PRICE, MIN_PRICE, bpsToPercent, oddsToPrice, percentToBps, priceToOdds } from './index.ts';

describe('odds and percentages at the API edge', () => {
  it('turns decimal odds into hundredths and back, for every price', () => {
    expect(oddsToPrice(1.45)).toBe(145);
    expect(oddsToPrice(1.01)).toBe(MIN_PRICE);
    expect(priceToOdds(MAX_PRICE)).toBe(1000);
    for (const price of LADDER) expect(oddsToPrice(priceToOdds(price))).toBe(price);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (price) => oddsToPrice(priceToOdds(price)) === price));
  });

  it('rounds odds with more decimals to the nearest hundredth', () => {
    expect(oddsToPrice(2.004)).toBe(200);
    expect(oddsToPrice(2.006)).toBe(201);
    expect(oddsToPrice(0.1 + 0.2 + 1)).toBe(130);
  });

  it('turns percentages into basis points and back, for every basis point', () => {
    expect(percentToBps(2.5)).toBe(250);
    expect(percentToBps(16.2)).toBe(1620);
    expect(bpsToPercent(969)).toBe(9.69);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (bps) => percentToBps(bpsToPercent(bps)) === bps));
  });
});
