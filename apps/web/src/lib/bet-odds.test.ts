import { describe, expect, it } from 'vitest';
import { betOutcomeLabel, isLadderOdds, matchedPriceLabel, stepOdds } from './bet-odds';
import { oddsText } from './bet-slip';

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
