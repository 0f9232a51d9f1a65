import type { OperatorMarket } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { declareBody, isDeadHeat } from './declaration';

const runner = (selection_id: number, status = 'ACTIVE') =>
  ({ selection_id, name: `R${selection_id}`, status }) as OperatorMarket['runners'][number];
const market = (over: Partial<OperatorMarket>) =>
  ({
    market_id: 7,
    kind: 'EXCHANGE',
    market_type: 'MATCH_ODDS',
    places: 1,
    runners: [runner(1), runner(2), runner(3, 'REMOVED')],
    ...over,
  }) as OperatorMarket;
const picks = (over: Partial<Parameters<typeof declareBody>[1]>) => ({
  winners: [],
  places: 1,
  tied: [],
  runs: '',
  ...over,
});

describe('declaration', () => {
  it('a winner: winner_ids only (places unchanged are not sent)', () => {
    expect(declareBody(market({}), picks({ winners: [2] }))).toEqual({
      body: { market_id: 7, winner_ids: [2] },
    });
    expect(declareBody(market({}), picks({}))).toEqual({ problem: 'Pick the winner' });
  });

  it('two winners of one place is a dead heat of both; tied_ids only when some did not tie', () => {
    const p = picks({ winners: [1, 2], tied: [1, 2] });
    expect(isDeadHeat(p)).toBe(true);
    expect(declareBody(market({}), p)).toEqual({ body: { market_id: 7, winner_ids: [1, 2] } });
  });

  it('a place market: 3 places, 4 winners, the last two tied', () => {
    const m = market({ market_type: 'PLACE', places: 3, runners: [1, 2, 3, 4, 5].map((i) => runner(i)) });
    expect(declareBody(m, picks({ winners: [1, 2, 3, 4], places: 3, tied: [3, 4] }))).toEqual({
      body: { market_id: 7, winner_ids: [1, 2, 3, 4], tied_ids: [3, 4] },
    });
    // Two tied for one place left is fine; one "tied" runner for one place is no dead heat.
    expect(declareBody(m, picks({ winners: [1, 2, 3, 4], places: 3, tied: [4] }))).toEqual({
      problem: 'More runners must tie than the places left for them',
    });
  });

  it('places changed from the market are sent', () => {
    expect(declareBody(market({ places: 3 }), picks({ winners: [1, 2], places: 2 }))).toEqual({
      body: { market_id: 7, winner_ids: [1, 2], places: 2 },
    });
  });

  it('a fancy market: the run total, a whole number', () => {
    const m = market({ kind: 'FANCY', market_type: 'FANCY', runners: [] });
    expect(declareBody(m, picks({ runs: ' 57 ' }))).toEqual({ body: { market_id: 7, runs: 57 } });
    expect(declareBody(m, picks({ runs: '5.5' }))).toEqual({
      problem: 'Enter the run total as a whole number',
    });
    expect(declareBody(market({ kind: 'FANCY', market_type: 'BINARY' }), picks({ runs: '' }))).toEqual({
      problem: 'Enter the final value as a whole number',
    });
  });
});
