import { describe, expect, it } from 'vitest';
import { fancyLadder } from './fancy-ladder';

describe('fancyLadder', () => {
  it('turns the book rows into run ranges, the last open-ended', () => {
    expect(
      fancyLadder([
        { from_runs: 0, house_pnl: 500 },
        { from_runs: 150, house_pnl: -200 },
        { from_runs: 151, house_pnl: 300 },
        { from_runs: 160, house_pnl: -1000 },
      ]),
    ).toEqual([
      { runs: '0 – 149', house_pnl: 500 },
      { runs: '150', house_pnl: -200 },
      { runs: '151 – 159', house_pnl: 300 },
      { runs: '160 +', house_pnl: -1000 },
    ]);
    expect(fancyLadder([])).toEqual([]);
  });
});
