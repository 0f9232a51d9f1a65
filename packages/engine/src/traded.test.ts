import { describe, expect, it } from 'vitest';
import { TradedVolume } from './index.ts';

describe('traded volume', () => {
  it('adds each fill to its price and its runner, and remembers the last price per runner', () => {
    const traded = new TradedVolume();
    traded.add(1, 200, 10_000);
    traded.add(1, 210, 5_000);
    traded.add(2, 300, 2_500);
    traded.add(1, 200, 1_000);
    expect([...traded.runner(1).byPrice]).toEqual([
      [200, 11_000],
      [210, 5_000],
    ]);
    expect(traded.runner(1)).toMatchObject({ totalPaise: 16_000, lastPrice: 200 });
    expect(traded.runner(2)).toMatchObject({ totalPaise: 2_500, lastPrice: 300 });
    expect(traded.totalPaise).toBe(18_500);
  });

  it('has nothing for a runner that never traded', () => {
    const traded = new TradedVolume();
    expect(traded.runner(7)).toEqual({ byPrice: new Map(), totalPaise: 0, lastPrice: null });
    expect(traded.totalPaise).toBe(0);
  });
});
