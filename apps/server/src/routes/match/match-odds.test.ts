/**
 * match/getMatches carries each match's Match Odds best back and best lay (the home page's
 * 1 / X / 2 boxes), read from the live books: a resting bet shows up at once, a match without
 * a market has none, and the prices follow the market's status.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { matches } from '../../db/schema/index.ts';
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
      market_type: 'MATCH_ODDS',
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

  it('flags each match with fancy and bookmaker markets open on it, and a live score (TV) while in play', async () => {
    const cricket = async (): Promise<MatchListItem[]> => {
      const res = await ctx().call('getMatches', { sport_id: SPORT.CRICKET }, demo1);
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
      return (res.json.data as unknown[]).map((m) => MatchListItem.parse(m));
    };
    const upcoming = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    const flags = async (matchId: number) => {
      const m = (await cricket()).find((x) => x.match_id === matchId)!;
      return { fancy: m.has_fancy, bookmaker: m.has_bookmaker, tv: m.has_tv };
    };
    expect(await flags(upcoming.matchId)).toEqual({ fancy: false, bookmaker: false, tv: false });

    const fancy = await createMarket(ctx(), admin, {
      match_id: upcoming.matchId,
      kind: 'FANCY',
      market_type: 'FANCY',
      name: '6 Over Runs',
      fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 },
    });
    expect(await flags(upcoming.matchId)).toEqual({ fancy: true, bookmaker: false, tv: false });
    await createMarket(ctx(), admin, {
      match_id: upcoming.matchId,
      kind: 'BOOKMAKER',
      market_type: 'BOOKMAKER',
      name: 'Bookmaker',
      runners: [{ name: 'Home' }, { name: 'Away' }],
    });
    expect(await flags(upcoming.matchId)).toEqual({ fancy: true, bookmaker: true, tv: false });
    // A closed line is no longer offered: no fancy icon for it.
    const closed = await ctx().call('operatorSetMarketStatus', { market_id: fancy, status: 'CLOSED' }, admin);
    expect(closed.statusCode, JSON.stringify(closed.json)).toBe(200);
    expect(await flags(upcoming.matchId)).toEqual({ fancy: false, bookmaker: true, tv: false });

    // Every listed match in play has its live score; none that is not.
    const listed = await cricket();
    for (const m of listed) expect(m.has_tv, m.match_name).toBe(m.in_play);

    // The TV is the live score: a match in play whose page has no score line yet has none.
    const live = listed.find((m) => m.in_play)!;
    await ctx().db.update(matches).set({ score: null }).where(eq(matches.matchId, live.match_id));
    const unscored = (await cricket()).find((m) => m.match_id === live.match_id)!;
    expect({ in_play: unscored.in_play, tv: unscored.has_tv }).toEqual({ in_play: true, tv: false });
  });

  it('names the market type, so a Winner market (an outright) is told from Match Odds', async () => {
    const res = await ctx().call('getMatches', { sport_id: SPORT.POLITICS }, demo1);
    const politics = (res.json.data as unknown[]).map((m) => MatchListItem.parse(m));
    const match = politics[0]!;
    const marketId = await createMarket(ctx(), admin, {
      match_id: match.match_id,
      kind: 'EXCHANGE',
      market_type: 'WINNER',
      name: 'Winner',
      runners: [{ name: 'Party A' }, { name: 'Party B' }, { name: 'Party C' }, { name: 'Party D' }],
      in_play: false,
    });
    const again = await ctx().call('getMatches', { sport_id: SPORT.POLITICS }, demo1);
    const listed = (again.json.data as unknown[]).map((m) => MatchListItem.parse(m)).find((m) => m.match_id === match.match_id)!;
    expect(listed.match_odds).toMatchObject({ market_id: marketId, market_type: 'WINNER' });
    expect(listed.match_odds!.runners.map((r) => r.name)).toEqual(['Party A', 'Party B', 'Party C', 'Party D']);
    expect(listed.has_tv).toBe(false);
  });
});
