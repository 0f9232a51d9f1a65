import type { CurrentBet } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import {
  LADDER_HALF_ROWS,
  centreTickOf,
  matchedRunnerBets,
  oddsOfTick,
  profitIfClosed,
  runnerPosition,
  tickOf,
  visibleTicks,
} from './ladder-rows';

const bet = (side: 'BACK' | 'LAY', odds: number, matched: number, unmatched = 0) =>
  ({
    selection_id: 7,
    kind: 'EXCHANGE',
    side,
    avg_odds: odds,
    odds,
    matched_stake: matched,
    unmatched_stake: unmatched,
  }) as CurrentBet;

describe('the ladder rows', () => {
  it('shows 25 prices around the centre, highest first, kept whole at the ends', () => {
    const ticks = visibleTicks(tickOf(2.5));
    expect(ticks).toHaveLength(LADDER_HALF_ROWS * 2 + 1);
    expect(oddsOfTick(ticks[LADDER_HALF_ROWS]!)).toBe(2.5);
    expect(oddsOfTick(ticks[LADDER_HALF_ROWS - 1]!)).toBe(2.52);
    expect(oddsOfTick(ticks[LADDER_HALF_ROWS + 1]!)).toBe(2.48);
    expect(oddsOfTick(visibleTicks(0).at(-1)!)).toBe(1.01);
    expect(oddsOfTick(visibleTicks(tickOf(1000))[0]!)).toBe(1000);
  });

  it('centres on the last traded price, else the middle of the best back and lay', () => {
    expect(oddsOfTick(centreTickOf({ last_traded_price: 3.1, levels: [] }))).toBe(3.1);
    const level = (price: number, back: number, lay: number) => ({
      price,
      back,
      lay,
      traded: 0,
      my_back: 0,
      my_lay: 0,
    });
    const levels = [level(1.9, 50, 0), level(1.96, 10, 0), level(2.02, 0, 20), level(2.1, 0, 5)];
    expect(oddsOfTick(centreTickOf({ last_traded_price: null, levels }))).toBe(1.99);
    expect(oddsOfTick(centreTickOf({ last_traded_price: null, levels: [] }))).toBe(2);
  });

  it('locks S x (B / P - 1) by closing a back of S at B with a lay at P (exchange-rules.md)', () => {
    const bets = matchedRunnerBets([bet('BACK', 3, 100), bet('BACK', 2, 0, 50)], 7);
    expect(runnerPosition(bets)).toEqual({ win: 200, lose: -100 });
    expect(profitIfClosed(bets, 2)).toBe(50);
    expect(profitIfClosed(bets, 4)).toBe(-25);
    // A lay of 100 at 3 closed by a back at 2: 100 x (1 - 3 / 2) = -50.
    expect(profitIfClosed(matchedRunnerBets([bet('LAY', 3, 100)], 7), 2)).toBe(-50);
    expect(profitIfClosed([], 2)).toBeNull();
  });
});
