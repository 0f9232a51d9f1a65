import { describe, expect, it } from 'vitest';
import {
  delaySecondsLeft,
  formatOdds,
  formatSize,
  isLadderOdds,
  oddsText,
  parseAmount,
  placedText,
  projectedFancyWorst,
  projectedPositions,
  slipError,
  slipReturn,
  stepOdds,
  type SlipDraft,
} from './slip';

const draft = (over: Partial<SlipDraft> = {}): SlipDraft => ({
  matchId: 1,
  marketId: 10,
  kind: 'EXCHANGE',
  marketName: 'Match Odds',
  selectionId: 1,
  runnerName: 'Home',
  side: 'BACK',
  odds: 2.04,
  line: null,
  inPlay: false,
  betDelayMs: 0,
  minStake: 100,
  maxStake: 500_000,
  oddsText: '2.04',
  stakeText: '500',
  ...over,
});

describe('odds field', () => {
  it('steps along the exchange ladder, across bands, clamped at its ends', () => {
    expect(stepOdds('EXCHANGE', '2.04', 1)).toBe('2.06');
    expect(stepOdds('EXCHANGE', '2.00', -1)).toBe('1.99');
    expect(stepOdds('EXCHANGE', '1.99', 1)).toBe('2.00');
    expect(stepOdds('EXCHANGE', '10', 1)).toBe('10.50');
    expect(stepOdds('EXCHANGE', '1.01', -1)).toBe('1.01');
    expect(stepOdds('EXCHANGE', '1000', 1)).toBe('1000.00');
  });

  it('snaps an off-ladder entry to the ladder in the direction asked', () => {
    expect(stepOdds('EXCHANGE', '2.03', 1)).toBe('2.04');
    expect(stepOdds('EXCHANGE', '2.03', -1)).toBe('2.02');
    expect(stepOdds('EXCHANGE', 'abc', 1)).toBe('1.01');
  });

  it('steps bookmaker rates by whole numbers, never below 1, and leaves fancy rates alone', () => {
    expect(stepOdds('BOOKMAKER', '45', 1)).toBe('46');
    expect(stepOdds('BOOKMAKER', '1', -1)).toBe('1');
    expect(stepOdds('FANCY', '100', 1)).toBe('100');
    expect(oddsText('BOOKMAKER', 45)).toBe('45');
    expect(oddsText('EXCHANGE', 2)).toBe('2.00');
  });

  it('knows ladder prices', () => {
    expect(isLadderOdds('2.04')).toBe(true);
    expect(isLadderOdds('2.03')).toBe(false);
    expect(isLadderOdds('1.00')).toBe(false);
    expect(isLadderOdds('1001')).toBe(false);
  });
});

describe('stake, profit and liability', () => {
  it('reads positive amounts with at most 2 decimals', () => {
    expect(parseAmount(' 100.5 ')).toBe(100.5);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('back wins stake x (odds - 1) and risks the stake; lay the reverse', () => {
    expect(slipReturn(draft())).toEqual({ profit: 520, liability: 500 });
    expect(slipReturn(draft({ side: 'LAY' }))).toEqual({ profit: 500, liability: 520 });
    expect(slipReturn(draft({ stakeText: '' }))).toBeNull();
  });

  it('rounds winnings down to the paisa', () => {
    expect(slipReturn(draft({ oddsText: '1.01', stakeText: '0.99' }))).toEqual({
      profit: 0,
      liability: 0.99,
    });
  });

  it('reads bookmaker rates as 1 + rate/100 and fancy YES / NO at the box rate', () => {
    expect(slipReturn(draft({ kind: 'BOOKMAKER', oddsText: '45', stakeText: '200' }))).toEqual({
      profit: 90,
      liability: 200,
    });
    expect(
      slipReturn(draft({ kind: 'FANCY', side: 'YES', odds: 90, oddsText: '90', stakeText: '200' })),
    ).toEqual({
      profit: 180,
      liability: 200,
    });
    expect(
      slipReturn(draft({ kind: 'FANCY', side: 'NO', odds: 110, oddsText: '110', stakeText: '200' })),
    ).toEqual({
      profit: 200,
      liability: 220,
    });
  });

  it('says why a slip cannot be placed', () => {
    expect(slipError(draft())).toBeNull();
    expect(slipError(draft({ oddsText: '2.03' }))).toMatch(/ladder/);
    expect(slipError(draft({ stakeText: '' }))).toBe('Enter a stake');
    expect(slipError(draft({ stakeText: '50' }))).toBe('Minimum stake is ₹100');
    expect(slipError(draft({ stakeText: '600000' }))).toBe('Maximum stake is ₹5,00,000');
    expect(slipError(draft({ kind: 'BOOKMAKER', oddsText: '4.5' }))).toMatch(/whole/);
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

describe('display', () => {
  it('prints odds without trailing zeros', () => {
    expect([2.04, 3.4, 4, 1000, 1.01].map(formatOdds)).toEqual(['2.04', '3.4', '4', '1000', '1.01']);
  });

  it('abbreviates sizes', () => {
    expect(formatSize(0)).toBe('0');
    expect(formatSize(999.99)).toBe('999');
    expect(formatSize(1_250)).toBe('1.2k');
    expect(formatSize(5_000)).toBe('5k');
    expect(formatSize(35_400)).toBe('35k');
    expect(formatSize(1_540_000)).toBe('1.5m');
  });

  it('names the outcome and counts the delay down in whole seconds', () => {
    expect(placedText('MATCHED')).toBe('Bet Matched');
    expect(placedText('UNMATCHED')).toBe('Bet Unmatched');
    expect(placedText('PARTIAL')).toBe('Bet Partially Matched');
    expect(delaySecondsLeft(5_000, 0)).toBe(5);
    expect(delaySecondsLeft(5_000, 4_100)).toBe(1);
    expect(delaySecondsLeft(5_000, 6_000)).toBe(0);
  });
});
