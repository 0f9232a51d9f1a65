import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookmakerPrice,
  canAfford,
  exposureAfter,
  fancyExposure,
  fancyPnlAt,
  fancyPositions,
  marketExposure,
  projectedPnl,
  runnerExposure,
  runnerPnl,
  type FancyBet,
  type RunnerBet,
} from './index.ts';

const RUNNERS = [1, 2, 3];
const back = (selectionId: number, price: number, sizePaise: number, matched = true): RunnerBet => ({ selectionId, side: 'BACK', price, sizePaise, matched });
const lay = (selectionId: number, price: number, sizePaise: number, matched = true): RunnerBet => ({ selectionId, side: 'LAY', price, sizePaise, matched });
const asObject = (m: Map<number, number>) => Object.fromEntries(m);

describe('runner P&L and exposure', () => {
  it('a back wins s(p-1) on its runner and loses s on the others', () => {
    const bets = [back(1, 300, 10_000)];
    expect(asObject(runnerPnl(RUNNERS, bets))).toEqual({ 1: 20_000, 2: -10_000, 3: -10_000 });
    expect(runnerExposure(RUNNERS, bets)).toBe(10_000);
  });

  it('a lay loses s(p-1) on its runner and wins s on the others', () => {
    const bets = [lay(1, 300, 10_000)];
    expect(asObject(runnerPnl(RUNNERS, bets))).toEqual({ 1: -20_000, 2: 10_000, 3: 10_000 });
    expect(runnerExposure(RUNNERS, bets)).toBe(20_000);
  });

  it('a back and a lay at a shorter price lock in a profit on every runner', () => {
    const bets = [back(1, 300, 100), lay(1, 250, 120)];
    expect(asObject(runnerPnl(RUNNERS, bets))).toEqual({ 1: 20, 2: 20, 3: 20 });
    expect(runnerExposure(RUNNERS, bets)).toBe(0);
  });

  it('counts unmatched bets only on their losing side, so they never lower the exposure', () => {
    expect(asObject(runnerPnl(RUNNERS, [back(1, 300, 100, false)]))).toEqual({ 1: 0, 2: 0, 3: 0 });
    expect(runnerExposure(RUNNERS, [back(1, 300, 100, false)])).toBe(100);
    expect(runnerExposure(RUNNERS, [lay(2, 300, 100, false)])).toBe(200);
    expect(runnerExposure(RUNNERS, [lay(1, 300, 100), back(1, 300, 100, false)])).toBe(200);
    expect(runnerExposure(RUNNERS, [lay(1, 300, 100), back(1, 300, 100)])).toBe(0);
  });

  it('keeps fractions of a paisa exact and rounds each runner once, against the user', () => {
    // 1.5 paise to win, 1.5 paise to lose.
    expect(asObject(runnerPnl([1, 2], [back(1, 101, 150)]))).toEqual({ 1: 1, 2: -150 });
    expect(asObject(runnerPnl([1, 2], [lay(1, 101, 150)]))).toEqual({ 1: -2, 2: 150 });
    expect(runnerExposure([1, 2], [lay(1, 101, 150)])).toBe(2);
    // Two half paise make a whole one: summed exactly, then rounded.
    expect(runnerPnl([1, 2], [back(1, 101, 150), back(1, 101, 150)]).get(1)).toBe(3);
  });

  it('prices a bookmaker rate as 1 + rate/100', () => {
    expect(bookmakerPrice(45)).toBe(145);
    expect(runnerPnl([1, 2], [back(1, bookmakerPrice(45), 10_000)]).get(1)).toBe(4_500);
    expect(() => bookmakerPrice(0)).toThrow(RangeError);
    expect(() => bookmakerPrice(4.5)).toThrow(RangeError);
  });

  it('refuses a bet on a runner outside the market and bad sizes', () => {
    expect(() => runnerPnl(RUNNERS, [back(9, 300, 100)])).toThrow(RangeError);
    expect(() => runnerPnl(RUNNERS, [back(1, 300, 0)])).toThrow(RangeError);
    expect(() => runnerPnl(RUNNERS, [back(1, 100, 100)])).toThrow(RangeError);
  });
});

describe('fancy P&L and exposure', () => {
  const yes = (line: number, ratePercent: number, sizePaise: number): FancyBet => ({ side: 'YES', line, ratePercent, sizePaise });
  const no = (line: number, ratePercent: number, sizePaise: number): FancyBet => ({ side: 'NO', line, ratePercent, sizePaise });

  it('YES wins s x R/100 at or above the line, NO wins s below it', () => {
    expect(fancyPnlAt([yes(46, 90, 10_000)], 46)).toBe(9_000);
    expect(fancyPnlAt([yes(46, 90, 10_000)], 45)).toBe(-10_000);
    expect(fancyPnlAt([no(45, 110, 10_000)], 44)).toBe(10_000);
    expect(fancyPnlAt([no(45, 110, 10_000)], 45)).toBe(-11_000);
  });

  it('finds the worst run total between two lines (NO 45 and YES 46 both lose on 45)', () => {
    const bets = [no(45, 100, 10_000), yes(46, 100, 10_000)];
    expect(fancyPositions(bets)).toEqual([
      { fromRuns: 0, pnlPaise: 0 },
      { fromRuns: 45, pnlPaise: -20_000 },
      { fromRuns: 46, pnlPaise: 0 },
    ]);
    expect(fancyExposure(bets)).toBe(20_000);
    expect(marketExposure({ kind: 'FANCY', bets })).toBe(20_000);
    expect(fancyExposure([])).toBe(0);
  });

  it('agrees with a brute force over every run total', () => {
    const bet = fc.record({ side: fc.constantFrom('YES' as const, 'NO' as const), line: fc.integer({ min: 0, max: 60 }), ratePercent: fc.integer({ min: 1, max: 300 }), sizePaise: fc.integer({ min: 1, max: 1_000_000 }) });
    fc.assert(
      fc.property(fc.array(bet, { maxLength: 8 }), (bets) => {
        let worst = 0;
        for (let runs = 0; runs <= 70; runs++) worst = Math.min(worst, fancyPnlAt(bets, runs));
        expect(fancyExposure(bets)).toBe(Math.max(0, -worst));
      }),
    );
  });
});

describe('bet slip preview and balance check', () => {
  const position = { kind: 'RUNNERS' as const, runners: RUNNERS, bets: [back(1, 300, 100)] };

  it('projects the P&L with the candidate matched, and reserves for it unmatched', () => {
    const candidate = { selectionId: 1, side: 'LAY' as const, price: 200, sizePaise: 100 };
    expect(asObject(projectedPnl(position, candidate))).toEqual({ 1: 100, 2: 0, 3: 0 });
    expect(exposureAfter(position, candidate)).toBe(100);
    expect(exposureAfter(position, { selectionId: 2, side: 'BACK', price: 500, sizePaise: 50 })).toBe(150);
  });

  it('projects a fancy book with the candidate', () => {
    const fancy = { kind: 'FANCY' as const, bets: [] };
    expect(projectedPnl(fancy, { side: 'YES', line: 10, ratePercent: 100, sizePaise: 500 })).toEqual([
      { fromRuns: 0, pnlPaise: -500 },
      { fromRuns: 10, pnlPaise: 500 },
    ]);
    expect(exposureAfter(fancy, { side: 'NO', line: 10, ratePercent: 150, sizePaise: 500 })).toBe(750);
  });

  it('accepts a bet only when balance - exposure after it stays >= 0', () => {
    expect(canAfford(1_000, 400, 600)).toBe(true);
    expect(canAfford(1_000, 400, 601)).toBe(false);
  });

  it('never reserves less than the bet can cost once matched at its price or better', () => {
    const arbBet = fc.record({
      selectionId: fc.constantFrom(...RUNNERS),
      side: fc.constantFrom('BACK' as const, 'LAY' as const),
      price: fc.integer({ min: 101, max: 2000 }),
      sizePaise: fc.integer({ min: 1, max: 1_000_000 }),
      matched: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbBet, { maxLength: 10 }), arbBet, fc.integer({ min: 0, max: 100 }), (bets, { matched: _m, ...candidate }, better) => {
        const reserved = exposureAfter({ kind: 'RUNNERS', runners: RUNNERS, bets }, candidate);
        const price = candidate.side === 'BACK' ? candidate.price + better : Math.max(101, candidate.price - better);
        expect(runnerExposure(RUNNERS, [...bets, { ...candidate, price, matched: true }])).toBeLessThanOrEqual(reserved);
      }),
    );
  });
});
