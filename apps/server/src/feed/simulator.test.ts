import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { markets, matches, races, runners } from '../db/schema/index.ts';
import { SPORT_ID } from './catalog-data.ts';
import { ensureMarkets } from './markets.ts';
import { balanceOf, expectInvariants, firstMatchOf, statementRows } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { BASE_TIMINGS, createFeed, type FeedSimulator } from './index.ts';

/**
 * The feed simulator against the real betting service and database: a bettor's bets on live
 * markets are settled by what the simulated match does, the fixtures roll on, races go off and
 * are settled, and money stays conserved throughout.
 */
describeEachDatabase(
  'feed simulator',
  (ctx) => {
    let feed: FeedSimulator;
    const errors: unknown[] = [];
    // The feed's own clock moves only when a test moves it (the app's also runs with real time).
    let feedTime = 0;
    const feedClock = () => new Date(feedTime);

    /** Moves the clock on in steps, letting the feed look at the world after each. */
    async function playFor(ms: number, stepMs = 2_500, until?: () => Promise<boolean>): Promise<void> {
      for (let t = 0; t < ms; t += stepMs) {
        ctx().advanceClock(stepMs);
        feedTime += stepMs;
        await feed.step();
        if (until && (await until())) return;
      }
    }
    const marketRow = async (id: number) => (await ctx().db.select().from(markets).where(eq(markets.id, id)))[0]!;
    const statement = (token: string) => statementRows(ctx(), token);

    beforeAll(async () => {
      const { db, app } = ctx();
      await ensureMarkets(db, app.betting, ctx().now(), { racingHours: 2 });
      feedTime = ctx().now().getTime();
      feed = await createFeed(db, app.betting, feedClock, { onError: (e) => errors.push(e) });
      await feed.step();
    }, 120_000);

    it('plays a live cricket match ball by ball: ball running suspends fancy, lines move, a fancy bet settles by the runs', async () => {
      const { db, app } = ctx();

      const cricket = await firstMatchOf(db, SPORT.CRICKET, true);
      const own = await db.select().from(markets).where(eq(markets.matchId, cricket.matchId)).orderBy(asc(markets.sort));
      // Picked up: every market of the live match is in play and open.
      expect(own.map((m) => [m.inPlay, m.status])).toEqual(own.map(() => [true, 'OPEN']));
      const sixOvers = own.find((m) => m.name.endsWith('6 Over Runs'))!;
      const odds = own.find((m) => m.marketType === 'MATCH_ODDS')!;

      const demo1 = await ctx().login('demo1');
      const before = await balanceOf(ctx(), demo1);
      const yes = await ctx().call(
        'placeFancyBet',
        { fancy_id: sixOvers.id, is_back: 1, run: sixOvers.yesLine, rate: sixOvers.yesRate, stake: 500, client_ref: 'feed-yes' },
        demo1,
      );
      expect(yes.statusCode).toBe(200);
      // Back the home side at the best price the market maker offers.
      const detail = (await ctx().call('getMatchDetail', { match_id: cricket.matchId }, demo1)).json.data;
      const oddsView = detail.markets.find((m: { market_id: number }) => m.market_id === odds.id);
      const home = oddsView.runners[0];
      const back = await ctx().call(
        'placeMarketBet',
        { market_id: odds.id, selection_id: home.selection_id, is_back: 1, odds: home.back[0].price, stake: 200, client_ref: 'feed-back' },
        demo1,
      );
      expect(back.json.data.status).toBe('MATCHED');

      // The ball goes live: fancy on BALL RUNNING, bookmaker suspended, a bet is refused.
      await playFor(BASE_TIMINGS.ballMs, BASE_TIMINGS.ballMs);
      expect(errors).toEqual([]);
      expect((await marketRow(sixOvers.id)).status).toBe('BALL_RUNNING');
      expect((await db.select().from(markets).where(and(eq(markets.matchId, cricket.matchId), eq(markets.kind, 'BOOKMAKER'))))[0]!.status).toBe('SUSPENDED');
      const refused = await ctx().call('placeFancyBet', { fancy_id: sixOvers.id, is_back: 0, run: sixOvers.noLine, rate: 100, stake: 100 }, demo1);
      expect(refused.statusCode).toBe(400);
      expect(refused.json.code).toBe('MARKET_SUSPENDED');
      // The ball lands: the score moves on and the line reopens.
      await playFor(BASE_TIMINGS.ballRunningMs, BASE_TIMINGS.ballRunningMs);
      expect((await marketRow(sixOvers.id)).status).toBe('OPEN');
      const [afterBall] = await db.select().from(matches).where(eq(matches.matchId, cricket.matchId));
      expect(afterBall!.score).not.toBe(null);

      // Six overs later the line is settled at the runs scored by then.
      await playFor(40 * BASE_TIMINGS.ballMs, 2_500, async () => (await marketRow(sixOvers.id)).settledAt !== null);
      const settled = await marketRow(sixOvers.id);
      expect(settled.settledAt).not.toBe(null);
      const [match] = await db.select().from(matches).where(eq(matches.matchId, cricket.matchId));
      const runsAtSix = settled.resultRuns!;
      const won = runsAtSix >= sixOvers.yesLine!;
      const rows = await statement(demo1);
      const fancyRow = rows.find((r) => r.remark.includes(sixOvers.name));
      expect(fancyRow).toBeDefined();
      expect(fancyRow!.remark).toContain(won ? 'won' : 'lost');
      expect(won ? fancyRow!.credit : fancyRow!.debit).toBe(500);
      // The score line has moved past six overs (or the innings ended first).
      expect(match!.score).toMatch(/\d+\/\d+ \(\d+(\.\d)? ov\)/);
      const after = await balanceOf(ctx(), demo1);
      expect(after.total_balance).toBe(before.total_balance + (won ? 500 : -500));
      expect(errors).toEqual([]);
      await expectInvariants(db, app.betting);
    }, 240_000);

    it('finishes a tennis match from its score, settles Match Odds for the winner and kicks off the next fixture', async () => {
      const { db, app } = ctx();
      const tennis = await firstMatchOf(db, SPORT_ID.TENNIS, true);
      const [odds] = await db.select().from(markets).where(and(eq(markets.matchId, tennis.matchId), eq(markets.marketType, 'MATCH_ODDS')));
      const demo3 = await ctx().login('demo3');
      const detail = (await ctx().call('getMatchDetail', { match_id: tennis.matchId }, demo3)).json.data;
      const first = detail.markets.find((m: { market_id: number }) => m.market_id === odds!.id).runners[0];
      const placed = await ctx().call(
        'placeMarketBet',
        { market_id: odds!.id, selection_id: first.selection_id, is_back: 1, odds: first.back[0].price, stake: 100, client_ref: 'feed-tennis' },
        demo3,
      );
      expect(placed.json.data.status).toBe('MATCHED');

      await playFor(4 * BASE_TIMINGS.periodMs, 10_000, async () => (await marketRow(odds!.id)).settledAt !== null);
      const [done] = await db.select().from(matches).where(eq(matches.matchId, tennis.matchId));
      expect(done!.inPlay).toBe(false);
      expect(done!.isActive).toBe(false);
      const [home, away] = /^(\d+) - (\d+)/.exec(done!.score!)!.slice(1).map(Number);
      expect(Math.max(home!, away!)).toBe(2);
      const winnerSelection = home! > away! ? 1 : 2;
      const field = await db.select().from(runners).where(eq(runners.marketId, odds!.id)).orderBy(asc(runners.selectionId));
      expect(field.map((r) => r.status)).toEqual(winnerSelection === 1 ? ['WINNER', 'LOSER'] : ['LOSER', 'WINNER']);
      expect((await marketRow(odds!.id)).resultKind).toBe('WINNERS');
      const rows = await statement(demo3);
      const row = rows.find((r) => r.remark.includes(tennis.matchName) && / — (won|lost)$/.test(r.remark));
      expect(row?.remark).toContain(winnerSelection === first.selection_id ? 'won' : 'lost');

      // The sport keeps a match in play: the next tennis fixture has kicked off.
      await feed.step();
      const live = await db
        .select()
        .from(matches)
        .where(and(eq(matches.sportId, SPORT_ID.TENNIS), eq(matches.inPlay, true), eq(matches.isActive, true)));
      expect(live).toHaveLength(1);
      expect(live[0]!.matchId).not.toBe(tennis.matchId);
      await expectInvariants(db, app.betting);
    }, 240_000);

    it('sends races off at their start time and settles WIN and PLACE a minute later', async () => {
      const { db, app } = ctx();
      // A race of its own, 20 minutes ahead of the feed's clock, at a meeting of the catalog: the
      // seeded races within the next two hours depend on the time of day (none at night in IST).
      const [meeting] = await db
        .select({ matchId: matches.matchId })
        .from(matches)
        .where(eq(matches.sportId, SPORT.HORSE_RACING))
        .orderBy(asc(matches.startTime))
        .limit(1);
      const [{ last }] = (await db.select({ last: sql<number>`max(${races.raceId})::int` }).from(races)) as [{ last: number }];
      await db
        .insert(races)
        .values({ raceId: last + 1, matchId: meeting!.matchId, name: 'R9 1m Feed Test Handicap', startTime: new Date(feedTime + 20 * 60_000) });
      await ensureMarkets(db, app.betting, feedClock(), { racingHours: 2 });
      const [race] = await db
        .select()
        .from(races)
        .innerJoin(markets, and(eq(markets.raceId, races.raceId), isNull(markets.settledAt)))
        .where(eq(races.raceId, last + 1))
        .limit(1);
      const start = race!.races.startTime.getTime();
      // Up to the off in big steps (the live matches play on meanwhile), then past the race.
      await playFor(start - feedTime + 1_000, 60_000);
      const off = await db.select().from(markets).where(eq(markets.raceId, race!.races.raceId));
      expect(off.every((m) => m.inPlay || m.settledAt !== null)).toBe(true);
      await playFor(BASE_TIMINGS.raceMs + 5_000, 5_000);
      const settled = await db.select().from(markets).where(and(eq(markets.raceId, race!.races.raceId), isNotNull(markets.settledAt)));
      expect(settled.map((m) => m.marketType).sort()).toEqual(['PLACE', 'WIN']);
      for (const m of settled) {
        const field = await db.select().from(runners).where(eq(runners.marketId, m.id));
        const paid = field.filter((r) => r.status === 'WINNER' || r.status === 'PLACED');
        expect(m.resultKind).toBe('WINNERS');
        // WIN pays one (two in a dead heat); PLACE pays its places.
        if (m.marketType === 'WIN') expect(paid.length === 1 || paid.length === 2).toBe(true);
        else expect(paid).toHaveLength(Math.min(m.places, field.filter((r) => r.status !== 'REMOVED').length));
      }
      expect(errors).toEqual([]);
      await expectInvariants(db, app.betting);
    }, 240_000);

    it('voids football Match Odds at the periodic upkeep once the match has not started 48 hours after kick-off: stakes back', async () => {
      const { db, app } = ctx();
      // A football fixture of its own, an hour ahead of the feed's clock, its Match Odds quoted by the
      // market maker. Not one of the seeded ones: the tests before this one play hours of matches
      // (as far as the next race, which depends on the time of day), and each football match that
      // ends kicks the next seeded fixture off, so none may be left ahead.
      const [{ last }] = (await db.select({ last: sql<number>`max(${matches.matchId})::int` }).from(matches)) as [{ last: number }];
      const matchId = last + 1;
      const matchName = 'Stale Rovers v Never Played FC';
      const startTime = new Date(feedTime + 3_600_000);
      await db.insert(matches).values({ matchId, seriesId: 201, sportId: SPORT.FOOTBALL, matchName, startTime });
      await ensureMarkets(db, app.betting, feedClock(), { racingHours: 2 });
      const [{ marketId }] = (await db
        .select({ marketId: markets.id })
        .from(markets)
        .where(and(eq(markets.matchId, matchId), eq(markets.marketType, 'MATCH_ODDS')))) as [{ marketId: number }];
      const demo3 = await ctx().login('demo3');
      const before = await balanceOf(ctx(), demo3);
      const view = (await ctx().call('getMatchDetail', { match_id: matchId }, demo3)).json.data.markets.find(
        (m: { market_id: number }) => m.market_id === marketId,
      );
      expect(view).toMatchObject({ status: 'OPEN', in_play: false });
      expect(view.runners).toHaveLength(3); // Home, Away, the Draw
      const [home, away] = view.runners;
      const matched = await ctx().call(
        'placeMarketBet',
        { market_id: marketId, selection_id: home.selection_id, is_back: 1, odds: home.back[0].price, stake: 300, client_ref: 'stale-matched' },
        demo3,
      );
      expect(matched.json.data).toMatchObject({ status: 'MATCHED', matched_stake: 300 });
      const unmatched = await ctx().call(
        'placeMarketBet',
        { market_id: marketId, selection_id: away.selection_id, is_back: 1, odds: 1000, stake: 200, client_ref: 'stale-unmatched', persistence: 'PERSIST' },
        demo3,
      );
      expect(unmatched.json.data).toMatchObject({ status: 'UNMATCHED', unmatched_stake: 200 });
      const held = await balanceOf(ctx(), demo3);
      // Reserved for the worst case, the draw: the matched 300 and the unmatched 200 both lost.
      expect(held.total_balance).toBe(before.total_balance);
      expect(held.liability).toBeCloseTo(before.liability + 500, 2);
      const currentBets = async () =>
        (await ctx().call('getCurrentBets', { bet_type: 'all', match_id: matchId }, demo3)).json.data.map(
          (b: { bet_id: number }) => b.bet_id,
        );
      expect((await currentBets()).sort()).toEqual([matched.json.data.bet_id, unmatched.json.data.bet_id].sort());

      // start() arms the periodic upkeep as on the server (every BASE_TIMINGS.upkeepMs of the feed's
      // clock); its own timer (~24 days of real time) never fires here: the test moves the clock and steps.
      const voidStale = vi.spyOn(app.betting, 'voidStaleFootball');
      feed.start(2 ** 31 - 1);
      try {
        // 47 hours after the kick-off that never came: the upkeep runs and leaves the market alone.
        const to47h = startTime.getTime() + 47 * 3_600_000 - feedTime;
        await playFor(to47h, to47h);
        expect(voidStale).toHaveBeenCalledTimes(1);
        expect(await voidStale.mock.results[0]!.value).not.toContain(marketId);
        expect((await marketRow(marketId)).settledAt).toBe(null);
        expect(await balanceOf(ctx(), demo3)).toEqual(held);

        // Past 48 hours, at the next upkeep: void.
        const past48h = startTime.getTime() + 48 * 3_600_000 + BASE_TIMINGS.upkeepMs - feedTime;
        await playFor(past48h, past48h);
        expect(voidStale).toHaveBeenCalledTimes(2);
        expect(await voidStale.mock.results[1]!.value).toContain(marketId);
      } finally {
        voidStale.mockRestore();
        await feed.stop();
      }
      expect(errors).toEqual([]);

      // What demo3 sees: the market closed as VOID, no bets left on it, the stakes back, no statement rows.
      const admin = await ctx().login('admin');
      const [settled] = (await ctx().call('operatorGetMarkets', { match_id: matchId, open_only: false }, admin)).json.data.filter(
        (m: { market_id: number }) => m.market_id === marketId,
      );
      expect(settled).toMatchObject({ status: 'CLOSED', result: { kind: 'VOID', winner_ids: [] } });
      expect(await currentBets()).toEqual([]);
      expect(await balanceOf(ctx(), demo3)).toEqual(before);
      expect((await statement(demo3)).filter((r) => r.remark.includes(matchName))).toEqual([]);
      await expectInvariants(db, app.betting);
    }, 240_000);
  },
  // The in-play bet delay is real time; the test moves the clock instead.
  { bettingOptions: { sleep: async () => {} } },
);
