import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SPORT, istDate } from '@exchange/contracts';
import { markets, matches, races, runners } from '../db/schema/index.ts';
import { ensureMarkets } from './markets.ts';
import { balanceOf, expectInvariants } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { BASE_TIMINGS, createFeed, type FeedSimulator } from './index.ts';

const MIN = 60_000;

/**
 * One state per race and per meeting (ADR 27, races), as the racing screens read it from the
 * venue list and the match calls: upcoming before the off, in play while running, finished with
 * its winner once settled, abandoned when it was never run (no markets, or the feed missed it:
 * then its markets are voided and the bets refunded). Every time is relative to the feed's clock.
 */
describeEachDatabase(
  'race and meeting state',
  (ctx) => {
    let feed: FeedSimulator;
    const errors: unknown[] = [];
    let feedTime = 0;
    const feedClock = () => new Date(feedTime);
    async function playFor(ms: number, stepMs: number): Promise<void> {
      for (let t = 0; t < ms; t += stepMs) {
        ctx().advanceClock(stepMs);
        feedTime += stepMs;
        await feed.step();
      }
    }
    /** Plays on to the feed time `at` exactly, in steps of at most `stepMs`. */
    async function playTo(at: number, stepMs: number): Promise<void> {
      while (feedTime < at) {
        const step = Math.min(stepMs, at - feedTime);
        await playFor(step, step);
      }
    }
    let token = '';
    /** A race as the venue list of its IST day shows it, with its meeting. */
    async function listed(raceId: number, start: Date) {
      const res = await ctx().call('getMatchVenueListByCountryCodeSportId', { sport_id: SPORT.HORSE_RACING, date: istDate(start) }, token);
      for (const venue of res.json.data.venues) {
        const race = venue.races.find((r: { race_id: number }) => r.race_id === raceId);
        if (race) return { venue, race };
      }
      throw new Error(`race ${raceId} not listed`);
    }
    const meetingState = async (matchId: number) => (await ctx().call('getMatchDetail', { match_id: matchId }, token)).json.data.state;

    // Meeting "Test Downs": two races of its own, 20 and 40 minutes ahead. Meeting "Gone Park":
    // one race half an hour ago that never had markets (the server started after its off).
    let downs = 0;
    let gone = 0;
    const raceIds = { first: 0, second: 0, missed: 0 };
    const starts = { first: new Date(0), second: new Date(0), missed: new Date(0) };

    beforeAll(async () => {
      const { db, app } = ctx();
      feedTime = ctx().now().getTime();
      const [meeting] = await db.select().from(matches).where(eq(matches.sportId, SPORT.HORSE_RACING)).limit(1);
      const [{ lastMatch }] = (await db.select({ lastMatch: sql<number>`max(${matches.matchId})::int` }).from(matches)) as [{ lastMatch: number }];
      const [{ lastRace }] = (await db.select({ lastRace: sql<number>`max(${races.raceId})::int` }).from(races)) as [{ lastRace: number }];
      downs = lastMatch + 1;
      gone = lastMatch + 2;
      starts.first = new Date(feedTime + 20 * MIN);
      starts.second = new Date(feedTime + 40 * MIN);
      starts.missed = new Date(feedTime - 30 * MIN);
      const base = { seriesId: meeting!.seriesId, sportId: SPORT.HORSE_RACING, countryCode: 'GB' };
      await db.insert(matches).values([
        { ...base, matchId: downs, matchName: 'Test Downs', venue: 'Test Downs', startTime: starts.first },
        { ...base, matchId: gone, matchName: 'Gone Park', venue: 'Gone Park', startTime: starts.missed },
      ]);
      raceIds.first = lastRace + 1;
      raceIds.second = lastRace + 2;
      raceIds.missed = lastRace + 3;
      await db.insert(races).values([
        { raceId: raceIds.first, matchId: downs, name: 'R1 5f Test Maiden', startTime: starts.first },
        { raceId: raceIds.second, matchId: downs, name: 'R2 6f Test Handicap', startTime: starts.second },
        { raceId: raceIds.missed, matchId: gone, name: 'R1 1m Never Run', startTime: starts.missed },
      ]);
      await ensureMarkets(db, app.betting, feedClock(), { racingHours: 1 });
      feed = await createFeed(db, app.betting, feedClock, { onError: (e) => errors.push(e) });
      await feed.step();
      token = await ctx().login('demo1');
    }, 120_000);

    it('a past race that never had markets is abandoned and its meeting finished, not upcoming', async () => {
      const { venue, race } = await listed(raceIds.missed, starts.missed);
      expect(race.state).toBe('ABANDONED');
      expect(venue.state).toBe('FINISHED');
      expect(await meetingState(gone)).toBe('FINISHED');
    });

    it('follows a race from upcoming to in play to its winner, then voids a race the feed missed and refunds its bets', async () => {
      const { db, app } = ctx();
      const first = await listed(raceIds.first, starts.first);
      expect(first.race).toMatchObject({ state: 'UPCOMING', result: null });
      expect(first.venue.state).toBe('UPCOMING');
      expect(await meetingState(downs)).toBe('UPCOMING');

      // A matched bet on the second race, which the feed will miss.
      const [win2] = await db.select().from(markets).where(and(eq(markets.raceId, raceIds.second), eq(markets.marketType, 'WIN')));
      const detail = (await ctx().call('getMatchDetail', { match_id: downs }, token)).json.data;
      const view = detail.markets.find((m: { market_id: number }) => m.market_id === win2!.id);
      const runner = view.runners.find((r: { back: unknown[] }) => r.back.length > 0);
      const before = await balanceOf(ctx(), token);
      const placed = await ctx().call(
        'placeMarketBet',
        { market_id: win2!.id, selection_id: runner.selection_id, is_back: 1, odds: runner.back[0].price, stake: 100, client_ref: 'race-missed' },
        token,
      );
      expect(placed.json.data.status).toBe('MATCHED');

      // The off: the race and its meeting are in play.
      await playTo(starts.first.getTime() + 1_000, MIN);
      expect((await listed(raceIds.first, starts.first)).race.state).toBe('IN_PLAY');
      expect(await meetingState(downs)).toBe('IN_PLAY');

      // The result: finished with the WIN market's winner; the meeting is still in play.
      await playFor(BASE_TIMINGS.raceMs + 5_000, 5_000);
      const [win1] = await db.select().from(markets).where(and(eq(markets.raceId, raceIds.first), eq(markets.marketType, 'WIN')));
      const winners = (await db.select().from(runners).where(and(eq(runners.marketId, win1!.id), eq(runners.status, 'WINNER')))).map((r) => r.name);
      expect(winners.length).toBeGreaterThan(0);
      const done = await listed(raceIds.first, starts.first);
      expect(done.race).toMatchObject({ state: 'FINISHED', result: { kind: 'WINNERS', winners } });
      expect(done.venue.state).toBe('IN_PLAY');
      expect(await meetingState(downs)).toBe('IN_PLAY');

      // The server is down through the second race: the feed next looks ten minutes after its off.
      const gap = starts.second.getTime() + 10 * MIN - feedTime;
      await playFor(gap, gap);
      const missed = await listed(raceIds.second, starts.second);
      expect(missed.race).toMatchObject({ state: 'ABANDONED', result: { kind: 'VOID', winners: [] } });
      expect(missed.venue.state).toBe('FINISHED');
      expect(await meetingState(downs)).toBe('FINISHED');
      const voided = await db.select().from(markets).where(eq(markets.raceId, raceIds.second));
      expect(voided.map((m) => m.resultKind)).toEqual(['VOID', 'VOID']);
      // The stake is back, through the normal (void) settlement.
      const after = await balanceOf(ctx(), token);
      expect(after.total_balance).toBe(before.total_balance);
      expect(after.liability).toBe(before.liability);
      expect(errors).toEqual([]);
      await expectInvariants(db, app.betting);
    }, 240_000);
  },
  { bettingOptions: { sleep: async () => {} } },
);
