import { and, eq, ne } from 'drizzle-orm';
import type { MatchDetail, MatchListItem } from '@exchange/contracts';
import { beforeAll, expect, it } from 'vitest';
import { markets, matches } from '../db/schema/index.ts';
import { DAY_MS, IST_OFFSET_MS } from '@exchange/contracts';
import { binaryOf, INSTRUMENTS, SPORT_ID } from './catalog-data.ts';
import { refreshFixtures } from './fixtures.ts';
import { ensureMarkets } from './markets.ts';
import { balanceOf, expectInvariants } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { closingPrice } from './binary.ts';
import { createFeed, type FeedSimulator } from './index.ts';

/** The next weekday at hh:mm IST after `from`. */
function nextWeekdayIst(from: number, hour: number, minute: number): number {
  const istMidnight = Math.floor((from + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  for (let d = 1; ; d++) {
    const at = istMidnight + d * DAY_MS + (hour * 60 + minute) * 60_000;
    const weekday = new Date(at + IST_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return at;
  }
}

/**
 * Binary sessions in the demo: a session a trading day for index stocks, commodities and US
 * indices, in play in its IST hours with a line that follows the simulated price, settled at
 * the close on the closing price; a bettor's YES at the line wins when the close is at or above it.
 */
describeEachDatabase(
  'feed binary sessions',
  (ctx) => {
    let feed: FeedSimulator;
    const errors: unknown[] = [];
    let feedTime = 0;
    const feedClock = () => new Date(feedTime);
    const moveTo = (at: number) => {
      ctx().advanceClock(at - feedTime);
      feedTime = at;
    };

    beforeAll(async () => {
      const { db, app } = ctx();
      feedTime = ctx().now().getTime();
      // A weekday, just before the index session opens; only the sessions are played.
      moveTo(nextWeekdayIst(feedTime, 9, 50));
      await db.update(matches).set({ isActive: false, inPlay: false }).where(ne(matches.sportId, SPORT_ID.BINARY));
      await refreshFixtures(db, feedClock());
      await ensureMarkets(db, app.betting, feedClock(), { racingHours: 0 });
      feed = await createFeed(db, app.betting, feedClock, { inPlay: {}, onError: (e) => errors.push(e) });
    }, 120_000);

    it('lists every instrument of the day; the NIFTY line moves through the session and settles on the close', async () => {
      const { db, app } = ctx();
      const demo1 = await ctx().login('demo1');
      const listed = (await ctx().call('getMatches', { sport_id: SPORT_ID.BINARY }, demo1)).json.data as { match_id: number; match_name: string; match_Date: string }[];
      const today = listed.filter((m) => Date.parse(m.match_Date) >= feedTime - 3_600_000 && Date.parse(m.match_Date) < feedTime + 14 * 3_600_000);
      expect(today.map((m) => m.match_name.replace(/ \d+\w\w \w+$/, '')).sort()).toEqual(INSTRUMENTS.map((i) => i.name).sort());
      const nifty = today.find((m) => m.match_name.startsWith('NIFTY 50'))!;
      const { dayNumber } = binaryOf(nifty.match_id)!;
      const detail = async () => (await ctx().call('getMatchDetail', { match_id: nifty.match_id }, demo1)).json.data;
      const first = await detail();
      expect(first.markets).toHaveLength(1);
      expect(first.markets[0]).toMatchObject({ market_type: 'BINARY', name: 'NIFTY 50 close', session_hours: { open: '10:00', close: '14:30', weekdays_only: true } });
      const marketId = first.markets[0].market_id as number;

      // Before the open: not in play, and no bets.
      await feed.step();
      expect((await detail()).in_play).toBe(false);

      const lines = new Set<number>();
      let bet: { line: number } | null = null;
      const before = await balanceOf(ctx(), demo1);
      for (let t = feedTime; feedTime < t + 4.75 * 3_600_000; ) {
        moveTo(feedTime + 10 * 60_000);
        await feed.step();
        const view = await detail();
        if (view.markets[0]?.result) break;
        expect(view.in_play).toBe(true);
        expect(view.markets[0]).toMatchObject({ status: 'OPEN', in_play: true });
        lines.add(view.markets[0].fancy.yes_line);
        if (!bet && lines.size >= 2) {
          // YES at the line as it stands: wins if the close is at or above it.
          const line = view.markets[0].fancy.yes_line as number;
          const placed = await ctx().call('placeFancyBet', { fancy_id: marketId, is_back: 1, run: line, rate: 100, stake: 100 }, demo1);
          expect(placed.json.data).toMatchObject({ status: 'MATCHED', run: line });
          bet = { line };
        }
      }
      expect(lines.size).toBeGreaterThanOrEqual(5);
      expect(bet).not.toBe(null);

      // Past the close: settled on the simulated closing price, off the list.
      moveTo(feedTime + 30 * 60_000);
      await feed.step();
      const [row] = await db.select().from(markets).where(eq(markets.id, marketId));
      const close = closingPrice(INSTRUMENTS.find((i) => i.key === 'NIFTY')!, dayNumber);
      expect({ settled: row!.settledAt !== null, kind: row!.resultKind, runs: row!.resultRuns }).toEqual({ settled: true, kind: 'RUNS', runs: close });
      const [match] = await db.select().from(matches).where(eq(matches.matchId, nifty.match_id));
      expect({ inPlay: match!.inPlay, active: match!.isActive }).toEqual({ inPlay: false, active: false });
      const won = close >= bet!.line;
      expect((await balanceOf(ctx(), demo1)).total_balance).toBe(before.total_balance + (won ? 100 : -100));

      // The commodities trade on until 22:30 IST: still open.
      const gold = await db
        .select({ settledAt: markets.settledAt, status: markets.status })
        .from(markets)
        .innerJoin(matches, eq(matches.matchId, markets.matchId))
        .where(and(eq(matches.sportId, SPORT_ID.BINARY), eq(markets.name, 'GOLD close'), eq(matches.inPlay, true)));
      expect(gold).toEqual([{ settledAt: null, status: 'OPEN' }]);
      expect(errors).toEqual([]);
      await expectInvariants(db, app.betting);
    }, 240_000);

    it('lists each session with its line and hours instead of Match Odds, and no TV (no live score)', async () => {
      const demo1 = await ctx().login('demo1');
      const listed = (await ctx().call('getMatches', { sport_id: SPORT_ID.BINARY }, demo1)).json.data as MatchListItem[];
      expect(listed.length).toBeGreaterThanOrEqual(INSTRUMENTS.length);
      // The commodities are in session now (after the index close, before 22:30 IST).
      expect(listed.filter((m) => m.in_play).map((m) => m.match_name.replace(/ \d+\w\w \w+$/, '')).sort()).toEqual(
        INSTRUMENTS.filter((i) => i.session === 'COMMODITY').map((i) => i.name).sort(),
      );
      for (const m of listed) {
        const { markets: [market] } = (await ctx().call('getMatchDetail', { match_id: m.match_id }, demo1)).json.data as MatchDetail;
        expect(m.match_odds, m.match_name).toBe(null);
        expect(m.has_tv, m.match_name).toBe(false);
        expect(m.session_line, m.match_name).toEqual({
          market_id: market!.market_id,
          name: market!.name,
          status: market!.status,
          in_play: market!.in_play,
          fancy: market!.fancy,
          session_hours: market!.session_hours,
        });
        expect(m.session_line!.fancy!.yes_line, m.match_name).toBeGreaterThan(0);
      }
    });
  },
  { bettingOptions: { sleep: async () => {} } },
);
