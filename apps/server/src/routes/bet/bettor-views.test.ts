/**
 * What a bettor reads about money, bets and matches, the same on every screen (issue 9, items
 * 4-6): the balance available to bet beside the total and the exposure, settled bets of a match
 * with their result for their owner, and one match state (upcoming, in play, finished with its
 * result) on the match page and in every list.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { matches } from '../../db/schema/index.ts';
import { balanceOf, createMatchOdds, expectInvariants } from '../../test/betting.ts';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';

describeEachDatabase('bettor views: balance, settled bets, match state', (ctx) => {
  let admin: string;
  let demo1: string;
  let demo3: string;
  /** Upcoming cricket matches, one per test, so that no test finishes another's match. */
  let cricket: number[];
  const call = (...args: Parameters<TestContext['call']>) => ctx().call(...args);
  const bet = async (token: string, body: Record<string, unknown>) => {
    const res = await call('placeMarketBet', body, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const detail = async (matchId: number, token = demo1) =>
    (await call('getMatchDetail', { match_id: matchId }, token)).json.data;
  const listed = async (matchId: number) =>
    ((await call('getMatches', { sport_id: SPORT.CRICKET }, demo1)).json.data as { match_id: number }[]).find(
      (m) => m.match_id === matchId,
    );

  beforeAll(async () => {
    admin = await ctx().login('admin');
    demo1 = await ctx().login('demo1');
    demo3 = await ctx().login('demo3');
    const rows = await ctx()
      .db.select({ matchId: matches.matchId })
      .from(matches)
      .where(and(eq(matches.sportId, SPORT.CRICKET), eq(matches.isActive, true), eq(matches.inPlay, false)))
      .orderBy(asc(matches.matchId))
      .limit(4);
    cricket = rows.map((r) => r.matchId);
    expect(cricket).toHaveLength(4);
  });

  describe('balance', () => {
    it('answers the amount available to bet (total less exposure) on every call that carries a balance', async () => {
      const market = await createMatchOdds(ctx(), admin, cricket[0]!);
      // A resting lay at 3 reserves 2 x its stake.
      const placed = await bet(demo1, { market_id: market, selection_id: 1, is_back: 0, odds: 3, stake: 100 });
      const now = await balanceOf(ctx(), demo1);
      expect(now.liability).toBeGreaterThanOrEqual(200);
      expect(now.available_balance).toBeCloseTo(now.total_balance - now.liability, 2);
      expect(placed.balance).toEqual(now);

      const cancelled = await call('cancelBet', { bet_id: placed.bet_id }, demo1);
      expect(cancelled.json.data.balance).toEqual(await balanceOf(ctx(), demo1));
      expect(cancelled.json.data.balance.available_balance).toBeCloseTo(now.available_balance + 200, 2);

      await bet(demo1, { market_id: market, selection_id: 2, is_back: 0, odds: 3, stake: 100 });
      const login = await call('login', { user_name: 'demo1', password: 'Demo@1234' });
      const after = await balanceOf(ctx(), demo1);
      expect(login.json.data).toMatchObject(after);
      expect(after.available_balance).toBeCloseTo(after.total_balance - after.liability, 2);
      await expectInvariants(ctx().db, ctx().app.betting);
    });
  });

  describe('settled bets of a match', () => {
    it("lists the caller's settled bets with requested and matched odds, result and P&L, to their owner only", async () => {
      const matchId = cricket[1]!;
      const market = await createMatchOdds(ctx(), admin, matchId);
      // demo3's lays offer Home at 2.2 and 2.1; demo1 asks 2.0 and is matched at better prices.
      const lay1 = await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 2.2, stake: 100 });
      const lay2 = await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 2.1, stake: 100 });
      const back = await bet(demo1, { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 300 });
      expect(back).toMatchObject({ status: 'PARTIAL', odds: 2, avg_odds: 2.15, matched_stake: 200 });
      const current = (await call('getCurrentBets', { bet_type: 'all', match_id: matchId }, demo1)).json.data;
      expect(current).toEqual([expect.objectContaining({ bet_id: back.bet_id, odds: 2, avg_odds: 2.15 })]);
      const before = await call('getSettledBets', { match_id: matchId }, demo1);
      expect(before.statusCode, JSON.stringify(before.json)).toBe(200);
      expect(before.json.data).toEqual([]);

      const declared = await call('operatorDeclareResult', { market_id: market, winner_ids: [1] }, admin);
      expect(declared.statusCode, JSON.stringify(declared.json)).toBe(200);

      const mine = (await call('getSettledBets', { match_id: matchId }, demo1)).json.data;
      expect(mine).toEqual([
        expect.objectContaining({
          bet_id: back.bet_id,
          market_id: market,
          market_name: 'Match Odds',
          selection_name: 'Home',
          side: 'BACK',
          odds: 2,
          avg_odds: 2.15,
          stake: 300,
          matched_stake: 200,
          outcome: 'WON',
          // 100 x 1.2 + 100 x 1.1
          pnl: 230,
        }),
      ]);
      expect(mine[0].settled_at).toEqual(expect.any(String));
      const theirs = (await call('getSettledBets', { match_id: matchId }, demo3)).json.data as {
        bet_id: number;
        outcome: string;
        pnl: number;
      }[];
      expect(theirs.map((b) => b.bet_id).sort()).toEqual([lay1.bet_id, lay2.bet_id].sort());
      expect(theirs.map((b) => [b.outcome, b.pnl])).toEqual(expect.arrayContaining([['LOST', -120], ['LOST', -110]]));
      // Settled bets leave current bets; another match's list stays empty.
      expect((await call('getCurrentBets', { bet_type: 'all', match_id: matchId }, demo1)).json.data).toEqual([]);
      expect((await call('getSettledBets', { match_id: cricket[2] }, demo1)).json.data).toEqual([]);
      expect((await call('getSettledBets', { match_id: matchId })).statusCode).toBe(401);
    });
  });

  describe('match state', () => {
    it('is upcoming, then in play, then finished with its result, the same in the list and on the match page', async () => {
      const matchId = cricket[2]!;
      const market = await createMatchOdds(ctx(), admin, matchId);
      expect(await detail(matchId)).toMatchObject({ state: 'UPCOMING', in_play: false, result: null });
      expect(await listed(matchId)).toMatchObject({ state: 'UPCOMING', in_play: false, result: null });

      await ctx().db.update(matches).set({ inPlay: true }).where(eq(matches.matchId, matchId));
      await call('operatorSetMarketStatus', { market_id: market, status: 'OPEN', in_play: true }, admin);
      expect(await detail(matchId)).toMatchObject({ state: 'IN_PLAY', in_play: true, result: null });
      expect(await listed(matchId)).toMatchObject({ state: 'IN_PLAY', in_play: true });

      // The match result is declared while the fixture row still says in play.
      const declared = await call('operatorDeclareResult', { market_id: market, winner_ids: [2] }, admin);
      expect(declared.statusCode, JSON.stringify(declared.json)).toBe(200);
      const finished = { state: 'FINISHED', in_play: false, result: { kind: 'WINNERS', winners: ['Away'] } };
      expect(await detail(matchId)).toMatchObject(finished);
      expect(await listed(matchId)).toMatchObject(finished);
      const header = (await call('getSeriesHeader', { is_sidebar_call: 1 }, demo1)).json.data as {
        series: { matches: { match_id: number }[] }[];
      }[];
      const inSidebar = header.flatMap((s) => s.series.flatMap((x) => x.matches)).find((m) => m.match_id === matchId);
      expect(inSidebar).toMatchObject(finished);
    });

    it('is finished once the fixture is over, even with no result declared, and void when the result is void', async () => {
      const over = cricket[3]!;
      await ctx()
        .db.update(matches)
        .set({ inPlay: false, isActive: false, startTime: new Date(ctx().now().getTime() - 3_600_000) })
        .where(eq(matches.matchId, over));
      expect(await detail(over)).toMatchObject({ state: 'FINISHED', in_play: false, result: null });

      const market = await createMatchOdds(ctx(), admin, over);
      await call('operatorVoidMarket', { market_id: market }, admin);
      expect(await detail(over)).toMatchObject({ state: 'FINISHED', result: { kind: 'VOID', winners: [] } });
    });
  });
});
