/** Markets and match details shaped as getMatchDetail answers, for the live client's tests. */
import type { MarketView, MatchDetail } from '@exchange/contracts';

/** A two-runner Match Odds market whose best back is `back` on both runners. */
export function market(id: number, back = 2): MarketView {
  return {
    market_id: id,
    match_id: 7,
    race_id: null,
    name: 'Match Odds',
    kind: 'EXCHANGE',
    market_type: 'MATCH_ODDS',
    status: 'OPEN',
    in_play: false,
    start_time: '2026-11-22T10:00:00.000Z',
    min_stake: 100,
    max_stake: 500000,
    max_profit: 2500000,
    bet_delay_ms: 0,
    commission_percent: 2,
    places: 1,
    runners: [1, 2].map((selection_id) => ({
      selection_id,
      name: `Runner ${selection_id}`,
      sort: selection_id,
      status: 'ACTIVE' as const,
      reduction_factor: 0,
      back: [{ price: back, size: 1000 }],
      lay: [{ price: back + 0.02, size: 500 }],
      back_rate: null,
      lay_rate: null,
      last_traded_price: null,
      total_matched: 0,
      position: selection_id === 1 ? 150 : -100,
    })),
    total_matched: 0,
    version: 1,
    fancy: null,
    session_hours: null,
    exposure: 100,
    fancy_positions: [],
    result: null,
  };
}

export function detail(matchId: number, markets: MarketView[]): MatchDetail {
  return {
    match_id: matchId,
    match_name: 'India v Australia',
    match_Date: '2026-11-22T10:00:00.000Z',
    open_date: '2026-11-22T10:00:00.000Z',
    sport_id: 4,
    sport_name: 'Cricket',
    series_id: 1,
    series_name: 'Series',
    in_play: false,
    is_active: 1,
    state: 'UPCOMING',
    result: null,
    teams: ['India', 'Australia'],
    score: null,
    venue: null,
    markets,
  };
}
