import { describe, expect, it } from 'vitest';
import { periodPnl } from './statement';

describe('statement period P&L', () => {
  it('sums the days exactly', () => {
    expect(periodPnl([{ pnl: 0.1 }, { pnl: 0.2 }, { pnl: -1.05 }])).toBe(-0.75);
    expect(periodPnl([])).toBe(0);
  });
});
