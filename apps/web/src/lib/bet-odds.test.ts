import { describe, expect, it } from 'vitest';
import { betOutcomeLabel, matchedPriceLabel } from './bet-odds';

describe('bet odds labels', () => {
  it('shows the average matched price in the same form, a dash while nothing is matched', () => {
    const exchange = { kind: 'EXCHANGE' as const, odds: 3.15, run: null, rate: null };
    expect(matchedPriceLabel({ ...exchange, avg_odds: 4.5, matched_stake: 100 })).toBe('4.50');
    expect(matchedPriceLabel({ ...exchange, avg_odds: 0, matched_stake: 0 })).toBe('-');
    expect(matchedPriceLabel({ kind: 'BOOKMAKER', odds: 1.45, run: null, rate: 45, avg_odds: 1.47, matched_stake: 10 })).toBe('47');
    expect(matchedPriceLabel({ kind: 'FANCY', odds: 100, run: 46, rate: 100, avg_odds: 100, matched_stake: 10 })).toBe('46 / 100');
  });

  it('names each outcome', () => {
    expect((['WON', 'LOST', 'VOID'] as const).map(betOutcomeLabel)).toEqual(['Won', 'Lost', 'Void']);
  });
});
