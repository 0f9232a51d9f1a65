import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LADDER,
  MAX_PRICE,
  MAX_STAKE_PAISE,
  MIN_PRICE,
  backWinningsPaise,
  bookmakerPrice,
  exceedsMaxProfit,
  fancyPnlAt,
  potentialProfitPaise,
  runnerPnl,
  stakeLimitBreach,
} from './index.ts';

const limits = { minStakePaise: 10_000, maxStakePaise: 50_000_000, maxProfitPaise: 250_000_000 };

describe('stake limits', () => {
  it('refuses below the min and above the max, both ends included in the range', () => {
    expect(stakeLimitBreach(9_999, limits)).toBe('BELOW_MIN');
    expect(stakeLimitBreach(10_000, limits)).toBeNull();
    expect(stakeLimitBreach(50_000_000, limits)).toBeNull();
    expect(stakeLimitBreach(50_000_001, limits)).toBe('ABOVE_MAX');
    // A market whose min is above its max refuses every stake, as below the min first.
    expect(stakeLimitBreach(150, { minStakePaise: 200, maxStakePaise: 100 })).toBe('BELOW_MIN');
    expect(stakeLimitBreach(200, { minStakePaise: 200, maxStakePaise: 100 })).toBe('ABOVE_MAX');
  });

  it('agrees with the definition min <= stake <= max on every stake around the limits', () => {
    fc.assert(
      fc.property(fc.nat(1_000), fc.nat(1_000), fc.integer({ min: -5, max: 2_010 }), (min, width, stake) => {
        const max = min + width;
        const breach = stakeLimitBreach(stake, { minStakePaise: min, maxStakePaise: max });
        expect(breach).toBe(stake < min ? 'BELOW_MIN' : stake > max ? 'ABOVE_MAX' : null);
        expect(breach === null).toBe(min <= stake && stake <= max);
      }),
    );
  });
});

describe('potential profit and max profit', () => {
  it('worked examples: back s(p-1), lay and NO the stake, fancy YES s x rate/100, rounded down', () => {
    expect(potentialProfitPaise('EXCHANGE', 'BACK', 200, 10_000)).toBe(10_000);
    expect(potentialProfitPaise('EXCHANGE', 'BACK', 101, 150)).toBe(1); // 1.5 paise
    expect(potentialProfitPaise('EXCHANGE', 'LAY', 1_000, 10_000)).toBe(10_000);
    expect(potentialProfitPaise('BOOKMAKER', 'BACK', bookmakerPrice(45), 10_000)).toBe(4_500);
    expect(potentialProfitPaise('BOOKMAKER', 'LAY', bookmakerPrice(45), 10_000)).toBe(10_000);
    expect(potentialProfitPaise('FANCY', 'YES', 90, 10_001)).toBe(9_000); // 9000.9
    expect(potentialProfitPaise('FANCY', 'NO', 110, 10_000)).toBe(10_000);
    expect(backWinningsPaise(10_000, 250)).toBe(15_000);
  });

  it('refuses only a profit above the max: the max itself is allowed', () => {
    expect(exceedsMaxProfit('EXCHANGE', 'BACK', 300, 50_000, { maxProfitPaise: 100_000 })).toBe(false);
    expect(exceedsMaxProfit('EXCHANGE', 'BACK', 300, 50_001, { maxProfitPaise: 100_000 })).toBe(true);
    expect(exceedsMaxProfit('FANCY', 'NO', 500, 100_000, { maxProfitPaise: 100_000 })).toBe(false);
    expect(exceedsMaxProfit('FANCY', 'NO', 500, 100_001, { maxProfitPaise: 100_000 })).toBe(true);
    expect(exceedsMaxProfit('EXCHANGE', 'LAY', MAX_PRICE, 100_000, { maxProfitPaise: 100_000 })).toBe(false);
  });

  /**
   * The oracle: what the bet alone wins in its best outcome, from the P&L definitions
   * (runnerPnl over either runner winning, fancyPnlAt over every run total around the line);
   * a bookmaker price is already 1 + rate/100, so it prices as an exchange one.
   */
  function bestOutcome(side: 'BACK' | 'LAY' | 'YES' | 'NO', price: number, stake: number): number {
    if (side === 'YES' || side === 'NO') {
      const bet = { side, line: 10, ratePercent: price, sizePaise: stake };
      let best = -Infinity;
      for (let runs = 0; runs <= 20; runs++) best = Math.max(best, fancyPnlAt([bet], runs));
      return best;
    }
    return Math.max(...runnerPnl([1, 2], [{ selectionId: 1, side, price, sizePaise: stake, matched: true }]).values());
  }

  it('is the best outcome of the bet, for every kind and side, prices and stakes across their ranges', () => {
    const stakeArb = fc.oneof(fc.integer({ min: 1, max: MAX_STAKE_PAISE }), fc.integer({ min: 1, max: 1_000 }));
    const betArb = fc.oneof(
      fc.record({ kind: fc.constant('EXCHANGE' as const), side: fc.constantFrom('BACK' as const, 'LAY' as const), price: fc.nat(LADDER.length - 1).map((t) => LADDER[t]!) }),
      fc.record({ kind: fc.constant('BOOKMAKER' as const), side: fc.constantFrom('BACK' as const, 'LAY' as const), price: fc.integer({ min: 1, max: 1_000 }).map(bookmakerPrice) }),
      fc.record({ kind: fc.constant('FANCY' as const), side: fc.constantFrom('YES' as const, 'NO' as const), price: fc.integer({ min: 1, max: 1_000 }) }),
    );
    fc.assert(
      fc.property(betArb, stakeArb, fc.integer({ min: 0, max: 1e14 }), ({ kind, side, price }, stake, maxProfit) => {
        const profit = potentialProfitPaise(kind, side, price, stake);
        expect(profit).toBe(bestOutcome(side, price, stake));
        expect(exceedsMaxProfit(kind, side, price, stake, { maxProfitPaise: maxProfit })).toBe(profit > maxProfit);
        expect(exceedsMaxProfit(kind, side, price, stake, { maxProfitPaise: profit })).toBe(false);
        expect(exceedsMaxProfit(kind, side, price, stake, { maxProfitPaise: profit - 1 })).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is exact at the ends of the price range', () => {
    for (const stake of [1, 99, 100, 101, MAX_STAKE_PAISE]) {
      for (const price of [MIN_PRICE, MAX_PRICE]) {
        expect(potentialProfitPaise('EXCHANGE', 'BACK', price, stake)).toBe(bestOutcome('BACK', price, stake));
      }
    }
  });
});
