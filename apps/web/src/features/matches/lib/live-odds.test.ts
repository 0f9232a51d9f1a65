import type { MarketView, RunnerView } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { listedOddsOf, shownOdds, type ListedOdds } from './live-odds';
import { outcomePrices } from './match-list';

const runner = (selection_id: number, name: string, back: number[], lay: number[], status: RunnerView['status'] = 'ACTIVE'): RunnerView => ({
  selection_id,
  name,
  sort: selection_id,
  status,
  reduction_factor: 0,
  back: back.map((price, i) => ({ price, size: 100 * (i + 1) })),
  lay: lay.map((price, i) => ({ price, size: 50 * (i + 1) })),
  back_rate: null,
  lay_rate: null,
  last_traded_price: null,
  total_matched: 0,
  position: 0,
});

/** A pushed soccer Match Odds market: home, away, the draw (listed last), and a removed runner. */
const pushed = (overrides: Partial<MarketView> = {}): MarketView => ({
  market_id: 31,
  match_id: 9,
  race_id: null,
  name: 'Match Odds',
  kind: 'EXCHANGE',
  market_type: 'MATCH_ODDS',
  status: 'OPEN',
  in_play: true,
  start_time: '2026-11-22T10:00:00.000Z',
  min_stake: 100,
  max_stake: 500000,
  max_profit: 2500000,
  bet_delay_ms: 0,
  commission_percent: 2,
  places: 1,
  runners: [
    runner(1, 'Arsenal', [2.1, 2.08, 2.06], [2.12, 2.14]),
    runner(2, 'Chelsea', [], [3.5]),
    runner(4, 'Spurs', [9], [10], 'REMOVED'),
    runner(3, 'The Draw', [3.3], []),
  ],
  total_matched: 0,
  version: 1,
  fancy: null,
  session_hours: null,
  exposure: 0,
  fancy_positions: [],
  result: null,
  ...overrides,
});

const polled: ListedOdds = {
  market_id: 31,
  market_type: 'MATCH_ODDS',
  status: 'OPEN',
  runners: [
    { selection_id: 1, name: 'Arsenal', back: { price: 2, size: 10 }, lay: null },
    { selection_id: 2, name: 'Chelsea', back: null, lay: null },
    { selection_id: 3, name: 'The Draw', back: null, lay: null },
  ],
};

describe('pushed Match Odds in the 1 / X / 2 cells', () => {
  it('takes each runner best back and best lay, a null side where the book is empty, and leaves removed runners out', () => {
    const [one, draw, two] = outcomePrices(listedOddsOf(pushed()));
    expect(one).toEqual({ selection_id: 1, name: 'Arsenal', back: { price: 2.1, size: 100 }, lay: { price: 2.12, size: 50 } });
    expect(draw).toEqual({ selection_id: 3, name: 'The Draw', back: { price: 3.3, size: 100 }, lay: null });
    expect(two).toEqual({ selection_id: 2, name: 'Chelsea', back: null, lay: { price: 3.5, size: 50 } });
  });

  it('carries the market status, so a suspended push greys the row', () => {
    expect(listedOddsOf(pushed({ status: 'SUSPENDED' })).status).toBe('SUSPENDED');
  });

  it('shows the live copy of the listed market while it streams, the polled prices otherwise', () => {
    expect(shownOdds(polled, pushed())!.runners[0]!.back).toEqual({ price: 2.1, size: 100 });
    expect(shownOdds(polled, undefined)).toBe(polled);
    // The list has since moved to another market: the old stream is not this row's any more.
    expect(shownOdds(polled, pushed({ market_id: 32 }))).toBe(polled);
    expect(shownOdds(null, pushed())).toBeNull();
  });
});
