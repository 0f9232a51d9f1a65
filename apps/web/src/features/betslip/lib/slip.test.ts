import { describe, expect, it } from 'vitest';
import { oddsText } from '@/lib/bet-slip';
import { draft } from '@/lib/bet-slip/test-drafts';
import { delaySecondsLeft, isLadderOdds, placedText, slipError, slipReturn, stepOdds } from './slip';

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

describe('display', () => {
  it('names the outcome and counts the delay down in whole seconds', () => {
    expect(placedText('MATCHED')).toBe('Bet Matched');
    expect(placedText('UNMATCHED')).toBe('Bet Unmatched');
    expect(placedText('PARTIAL')).toBe('Bet Partially Matched');
    expect(delaySecondsLeft(5_000, 0)).toBe(5);
    expect(delaySecondsLeft(5_000, 4_100)).toBe(1);
    expect(delaySecondsLeft(5_000, 6_000)).toBe(0);
  });
});
