import { describe, expect, it } from 'vitest';
import { placedText } from '@/lib/bet-slip';
import { draft } from '@/lib/bet-slip/test-drafts';
import { delaySecondsLeft, slipError, slipReturn } from './slip';

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
