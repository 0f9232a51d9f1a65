import { and, eq, gt, lt, notInArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { RACING_SPORT_IDS, SPORT, DAY_MS } from '@exchange/contracts';
import { matches } from '../db/schema/index.ts';
import { IN_PLAY_COUNT, SPORT_ID } from './catalog-data.ts';
import { refreshFixtures } from './fixtures.ts';
import { ensureMarkets } from './markets.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createFeed, type FeedSimulator } from './index.ts';

/**
 * The demo never runs out of sport and never moves a published start time: the feed plays
 * matches to the end for a while (a sport short of matches in play gets a new fixture), then
 * days go by, and after each look every sport the nav shows still lists fixtures ahead, and
 * every start time ever published is where it was.
 */
describeEachDatabase(
  'feed fixtures: every sport keeps fixtures ahead, start times stay as published',
  (ctx) => {
    let feed: FeedSimulator;
    const errors: unknown[] = [];
    let feedTime = 0;
    const feedClock = () => new Date(feedTime);
    /** Every start time published so far, by match. */
    const published = new Map<number, number>();

    /** Records new fixtures' start times and checks none of the known ones has moved. */
    async function checkStartTimes(): Promise<void> {
      const rows = await ctx()
        .db.select({ matchId: matches.matchId, startTime: matches.startTime })
        .from(matches)
        .where(notInArray(matches.sportId, [...RACING_SPORT_IDS]));
      const moved = rows.filter((r) => published.has(r.matchId) && published.get(r.matchId) !== r.startTime.getTime());
      expect(moved).toEqual([]);
      for (const r of rows) published.set(r.matchId, r.startTime.getTime());
    }

    /** Every active sport the nav shows lists a fixture ahead, alone and in the all-sports listing. */
    async function checkEverySportListsFixturesAhead(): Promise<void> {
      const token = await ctx().login('demo1');
      const sports = (await ctx().call('getSports', {}, token)).json.data as { sport_id: number; name: string }[];
      const withFixtures = sports.filter((s) => s.sport_id !== SPORT.INDIAN_CASINO && !RACING_SPORT_IDS.includes(s.sport_id));
      expect(withFixtures.map((s) => s.name)).toEqual(expect.arrayContaining(['Cricket', 'Football', 'Tennis', 'Kabaddi', 'Basketball']));
      const all = (await ctx().call('getMatches', {}, token)).json.data as { sport_id: number; match_Date: string; in_play: boolean }[];
      const tree = (await ctx().call('getSeriesHeader', {}, token)).json.data as { sport_id: number }[];
      const now = feedTime;
      for (const sport of withFixtures) {
        const own = (await ctx().call('getMatches', { sport_id: sport.sport_id }, token)).json.data as { match_Date: string }[];
        const ahead = own.filter((m) => Date.parse(m.match_Date) > now);
        expect({ sport: sport.name, ahead: ahead.length > 0 }).toEqual({ sport: sport.name, ahead: true });
        // Published at least a day ahead, not just the next few minutes.
        expect({ sport: sport.name, days: Math.max(...ahead.map((m) => Date.parse(m.match_Date))) > now + DAY_MS }).toEqual({ sport: sport.name, days: true });
        expect({ sport: sport.name, listed: all.some((m) => m.sport_id === sport.sport_id && Date.parse(m.match_Date) > now) }).toEqual({ sport: sport.name, listed: true });
        expect({ sport: sport.name, inTree: tree.some((s) => s.sport_id === sport.sport_id) }).toEqual({ sport: sport.name, inTree: true });
      }
    }

    beforeAll(async () => {
      const { db, app } = ctx();
      await ensureMarkets(db, app.betting, ctx().now(), { racingHours: 0 });
      feedTime = ctx().now().getTime();
      feed = await createFeed(db, app.betting, feedClock, { onError: (e) => errors.push(e) });
      await checkStartTimes();
    }, 120_000);

    it('plays matches to the end for five minutes: each sport keeps its matches in play with new fixtures, none pulled forward', async () => {
      const { db } = ctx();
      const finished = new Set<number>();
      const liveAtStart = await db.select({ matchId: matches.matchId }).from(matches).where(eq(matches.inPlay, true));
      for (let k = 0; k < 15; k++) {
        ctx().advanceClock(20_000);
        feedTime += 20_000;
        await feed.step();
        await checkStartTimes();
        const live = await db
          .select({ sportId: matches.sportId })
          .from(matches)
          .where(and(eq(matches.isActive, true), eq(matches.inPlay, true)));
        // After every look, each sport has its matches in play again.
        for (const [sport, wanted] of Object.entries(IN_PLAY_COUNT))
          expect({ sport, live: live.filter((m) => m.sportId === Number(sport)).length >= wanted }).toEqual({ sport, live: true });
      }
      for (const { matchId } of liveAtStart) {
        const [row] = await db.select().from(matches).where(eq(matches.matchId, matchId));
        if (!row!.isActive) finished.add(matchId);
      }
      // Kabaddi, basketball and tennis matches were over within minutes and replaced.
      expect(finished.size).toBeGreaterThanOrEqual(3);
      // The fixtures that replaced them start when they were created, not at a later fixture's time.
      const fresh = await db
        .select({ startTime: matches.startTime })
        .from(matches)
        .where(and(eq(matches.sportId, SPORT_ID.KABADDI), gt(matches.startTime, new Date(feedTime - 10 * 60_000)), lt(matches.startTime, new Date(feedTime + 1))));
      expect(fresh.length).toBeGreaterThan(0);
      // Published on the whole minute, like every other start time on the lists.
      expect(fresh.filter((m) => m.startTime.getTime() % 60_000 !== 0)).toEqual([]);
      expect(errors).toEqual([]);
      await checkEverySportListsFixturesAhead();
    }, 240_000);

    it('keeps fixtures published days ahead in every sport as a week goes by; fixtures go in play at their published time', async () => {
      const { db, app } = ctx();
      // Looks every six hours: the demo's extra fixtures are left out (inPlay {}), the matches
      // would hardly move between looks so far apart; the published fixtures play at their time.
      const weekFeed = await createFeed(db, app.betting, feedClock, { inPlay: {}, onError: (e) => errors.push(e) });
      const keptTime = new Set<number>();
      for (let hours = 0; hours < 7 * 24; hours += 6) {
        ctx().advanceClock(6 * 3_600_000);
        feedTime += 6 * 3_600_000;
        // The upkeep's catalog and market parts (no race markets: they are not what is tested here).
        await refreshFixtures(db, feedClock());
        await ensureMarkets(db, app.betting, feedClock(), { racingHours: 0 });
        await weekFeed.step();
        await checkStartTimes();
        await checkEverySportListsFixturesAhead();
        const started = await db
          .select({ matchId: matches.matchId })
          .from(matches)
          .where(and(eq(matches.inPlay, true), gt(matches.startTime, new Date(feedTime - 3_600_000)), lt(matches.startTime, new Date(feedTime + 1))));
        for (const m of started) keptTime.add(m.matchId);
      }
      expect(keptTime.size).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    }, 240_000);
  },
  { bettingOptions: { sleep: async () => {} } },
);
