import { describe, expect, it } from 'vitest';
import { parseAmount, projectedFancyWorst, projectedPositions } from './draft';
import { draft } from './test-drafts';

describe('stake', () => {
  it('reads positive amounts with at most 2 decimals', () => {
    expect(parseAmount(' 100.5 ')).toBe(100.5);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});

describe('projected positions', () => {
  const market = {
    market_id: 10,
    runners: [
      { selection_id: 1, position: 100 },
      { selection_id: 2, position: -50 },
      { selection_id: 3, position: 0 },
    ],
  };

  it('adds the typed bet to every runner: a back wins on its runner and loses the stake elsewhere', () => {
    expect([...projectedPositions(market, draft())!]).toEqual([
      [1, 620],
      [2, -550],
      [3, -500],
    ]);
  });

  it('a lay loses stake x (odds - 1) on its runner and wins the stake elsewhere', () => {
    expect([...projectedPositions(market, draft({ side: 'LAY', selectionId: 2 }))!]).toEqual([
      [1, 600],
      [2, -570],
      [3, 500],
    ]);
  });

  it('shows nothing for another market, a fancy pick or an empty stake', () => {
    expect(projectedPositions(market, draft({ marketId: 11 }))).toBeNull();
    expect(projectedPositions(market, draft({ stakeText: '' }))).toBeNull();
    expect(projectedPositions(market, null)).toBeNull();
    expect(projectedPositions(market, draft({ side: 'YES', selectionId: null }))).toBeNull();
  });
});

describe('projected fancy worst case', () => {
  const fancy = (fancy_positions: { from_runs: number; pnl: number }[]) => ({
    market_id: 10,
    fancy_positions,
  });
  const yes = draft({ kind: 'FANCY', side: 'YES', selectionId: null, odds: 100, line: 46, stakeText: '100' });

  it('is the stake for a first bet, whichever side', () => {
    expect(projectedFancyWorst(fancy([]), yes)).toBe(-100);
    expect(projectedFancyWorst(fancy([]), { ...yes, side: 'NO', odds: 110, line: 45 })).toBe(-110);
  });

  it('adds the bet to the book: a NO under a YES loses both only at the line between them', () => {
    // The book of a YES 100 at 46: -100 below 46, +100 from 46.
    const book = fancy([
      { from_runs: 0, pnl: -100 },
      { from_runs: 46, pnl: 100 },
    ]);
    expect(projectedFancyWorst(book, { ...yes, side: 'NO', line: 45 })).toBe(-200);
    expect(projectedFancyWorst(book, { ...yes, side: 'NO', line: 46 })).toBe(0);
  });

  it('says nothing for another market or a runner bet', () => {
    expect(projectedFancyWorst(fancy([]), { ...yes, marketId: 11 })).toBeNull();
    expect(projectedFancyWorst(fancy([]), draft())).toBeNull();
    expect(projectedFancyWorst(fancy([]), { ...yes, stakeText: '' })).toBeNull();
  });
});
