import { describe, expect, it } from 'vitest';
import { fancyBookRows } from './fancy-book';

describe('fancy book rows', () => {
  it('name each run range by its ends: up to the first line, single totals, spans, and from the last line on', () => {
    // A NO at 45 and YES bets at 46 and 49: the server's rows start at 0 and at each line.
    expect(
      fancyBookRows([
        { from_runs: 49, pnl: 300 },
        { from_runs: 0, pnl: 100 },
        { from_runs: 45, pnl: -110 },
        { from_runs: 46, pnl: 90 },
      ]),
    ).toEqual([
      { runs: '≤ 44', pnl: 100 },
      { runs: '45', pnl: -110 },
      { runs: '46 to 48', pnl: 90 },
      { runs: '49+', pnl: 300 },
    ]);
  });

  it('say 0 alone for a line of 1, and any total for a book that never changes', () => {
    expect(
      fancyBookRows([
        { from_runs: 0, pnl: -50 },
        { from_runs: 1, pnl: 50 },
      ]),
    ).toEqual([
      { runs: '0', pnl: -50 },
      { runs: '1+', pnl: 50 },
    ]);
    expect(fancyBookRows([{ from_runs: 0, pnl: 100 }])).toEqual([{ runs: 'Any total', pnl: 100 }]);
    expect(fancyBookRows([])).toEqual([]);
  });
});
