/**
 * match/getMatches carries each match's Match Odds best back and best lay (the home page's
 * 1 / X / 2 boxes), read from the live books: a resting bet shows up at once, a match without
 * a market has none, and the prices follow the market's status.
 */
import { beforeAll, expect, it } from 'vitest';
import { MatchListItem, SPORT } from '@exchange/contracts';
import { createMarket, firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('match list prices', (ctx) => {
  let admin: string;
  let demo1: string;
  beforeAll(async () => {
    admin = await ctx().login('admin');
    demo1 = await ctx().login('demo1');
  });
  const list = async (): Promise<MatchListItem[]> => {
    const res = await ctx().call('getMatches', { sport_id: SPORT.FOOTBALL, is_active: 1 }, demo1);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return (res.json.data as unknown[]).map((m) => MatchListItem.parse(m));
  };

  it('shows the best back and lay of Match Odds per runner, null where the book or the market is missing', async () => {
    const football = await firstMatchOf(ctx().db, SPORT.FOOTBALL, false);
    expect((await list()).every((m) => m.match_odds === null)).toBe(true);

    const marketId = await createMarket(ctx(), admin, {
      match_id: football.matchId,
      kind: 'EXCHANGE',
      market_type: 'MATCH_ODDS',
      name: 'Match Odds',
      runners: [{ name: 'Home' }, { name: 'Away' }, { name: 'The Draw' }],
      in_play: false,
    });
    // demo1's resting BACK at 2.5 is what a layer can take; its LAY at 1.8 what a backer can take.
    for (const [is_back, odds] of [
      [1, 2.5],
      [1, 2.6],
      [0, 1.8],
    ] as const) {
      const res = await ctx().call(
        'placeMarketBet',
        { market_id: marketId, selection_id: 1, is_back, odds, stake: 200 },
        demo1,
      );
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    }

    const listed = (await list()).find((m) => m.match_id === football.matchId)!;
    expect(listed.match_odds).toEqual({
      market_id: marketId,
      status: 'OPEN',
      runners: [
        { selection_id: 1, name: 'Home', back: { price: 1.8, size: 200 }, lay: { price: 2.5, size: 200 } },
        { selection_id: 2, name: 'Away', back: null, lay: null },
        { selection_id: 3, name: 'The Draw', back: null, lay: null },
      ],
    });
    const others = (await list()).filter((m) => m.match_id !== football.matchId);
    expect(others.every((m) => m.match_odds === null)).toBe(true);

    const suspended = await ctx().call('operatorSetMarketStatus', { market_id: marketId, status: 'SUSPENDED' }, admin);
    expect(suspended.statusCode).toBe(200);
    expect((await list()).find((m) => m.match_id === football.matchId)!.match_odds?.status).toBe('SUSPENDED');
  });
});
