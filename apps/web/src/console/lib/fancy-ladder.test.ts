import { describe, expect, it } from 'vitest';
import { fancyLadder } from './fancy-ladder';

describe('fancyLadder', () => {
  it('turns the book rows into run ranges, the last open-ended, each with the house figure and my share', () => {
    expect(
      fancyLadder([
        { from_runs: 0, house_pnl: 500, own_pnl: 400 },
        { from_runs: 150, house_pnl: -200, own_pnl: -160 },
        { from_runs: 151, house_pnl: 300, own_pnl: 240 },
        { from_runs: 160, house_pnl: -1000, own_pnl: -800 },
      ]),
    ).toEqual([
      { runs: '0 – 149', house_pnl: 500, own_pnl: 400 },
      { runs: '150', house_pnl: -200, own_pnl: -160 },
      { runs: '151 – 159', house_pnl: 300, own_pnl: 240 },
      { runs: '160 +', house_pnl: -1000, own_pnl: -800 },
    ]);
    expect(fancyLadder([])).toEqual([]);
  });
});
