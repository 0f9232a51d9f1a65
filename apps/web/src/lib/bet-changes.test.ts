import { describe, expect, it } from 'vitest';
import { betChange } from './bet-changes';

describe('editing an unmatched bet', () => {
  const bet = { bet_id: 7, odds: 2.5, unmatched_stake: 300 };

  it('sends a new price, a lower stake, or both', () => {
    expect(betChange(bet, '2.52', '300.00')).toEqual({ change: { bet_id: 7, odds: 2.52 } });
    expect(betChange(bet, '2.50', '120')).toEqual({ change: { bet_id: 7, stake: 120 } });
    expect(betChange(bet, '2.48', '120')).toEqual({ change: { bet_id: 7, odds: 2.48, stake: 120 } });
  });

  it('sends nothing while nothing changed, and says why a field cannot be sent', () => {
    expect(betChange(bet, '2.50', '300.00')).toEqual({ problem: null });
    expect(betChange(bet, '2.51', '300')).toEqual({
      problem: 'Odds must be a ladder price from 1.01 to 1000',
    });
    expect(betChange(bet, '2.52', '')).toEqual({ problem: 'Enter a stake' });
    expect(betChange(bet, '2.52', '301')).toEqual({
      problem: 'The stake can only be lowered (at most 300.00)',
    });
  });
});
