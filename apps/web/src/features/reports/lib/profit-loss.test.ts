import { describe, expect, it } from 'vitest';
import { groupBySport, pnlClass, type ProfitLossRow } from './profit-loss';

const row = (over: Partial<ProfitLossRow>): ProfitLossRow => ({
  sport_id: 4,
  sport_name: 'Cricket',
  match_id: 1,
  match_name: 'A v B',
  market_id: 1,
  market_name: 'Match Odds',
  settled_at: '2026-11-22T10:00:00.000Z',
  pnl: 0,
  commission: 0,
  net: 0,
  ...over,
});

describe('profit and loss by sport', () => {
  it('puts each market under its sport in the order given, with exact sums', () => {
    const groups = groupBySport({
      rows: [
        row({ market_id: 3, pnl: 0.1, net: 0.1 }),
        row({ sport_id: 1, sport_name: 'Football', market_id: 2, pnl: -50, net: -50 }),
        row({ market_id: 1, pnl: 0.2, commission: 0.01, net: 0.19 }),
      ],
    });
    expect(groups.map((g) => [g.sport_name, g.markets.map((m) => m.market_id)])).toEqual([
      ['Cricket', [3, 1]],
      ['Football', [2]],
    ]);
    expect(groups[0]).toMatchObject({ pnl: 0.3, commission: 0.01, net: 0.29 });
    expect(groups[1]).toMatchObject({ pnl: -50, commission: 0, net: -50 });
  });

  it('is empty without settled markets', () => {
    expect(groupBySport({ rows: [] })).toEqual([]);
  });

  it('colours profit green and loss red', () => {
    expect([pnlClass(1), pnlClass(-1), pnlClass(0)]).toEqual(['profit', 'loss', '']);
  });
});
