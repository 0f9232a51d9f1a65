import { describe, expect, it } from 'vitest';
import { betPriceLabel, betSideLabel, canCancel, isBackSide } from './bets';

describe('current bet labels', () => {
  it('shows the price the way each market kind shows it', () => {
    expect(betPriceLabel({ kind: 'EXCHANGE', odds: 2.5, run: null, rate: null })).toBe('2.50');
    expect(betPriceLabel({ kind: 'BOOKMAKER', odds: 1.45, run: null, rate: 45 })).toBe('45');
    expect(betPriceLabel({ kind: 'FANCY', odds: 100, run: 46, rate: 100 })).toBe('46 / 100');
  });

  it('names and tints the sides', () => {
    expect(['BACK', 'LAY', 'YES', 'NO'].map((s) => betSideLabel(s as 'BACK'))).toEqual([
      'Back',
      'Lay',
      'Yes',
      'No',
    ]);
    expect(isBackSide('BACK')).toBe(true);
    expect(isBackSide('YES')).toBe(true);
    expect(isBackSide('LAY')).toBe(false);
    expect(isBackSide('NO')).toBe(false);
  });

  it('offers a cancel only for the unmatched rest of an exchange bet', () => {
    expect(canCancel({ kind: 'EXCHANGE', unmatched_stake: 10 })).toBe(true);
    expect(canCancel({ kind: 'EXCHANGE', unmatched_stake: 0 })).toBe(false);
    expect(canCancel({ kind: 'BOOKMAKER', unmatched_stake: 10 })).toBe(false);
  });
});
