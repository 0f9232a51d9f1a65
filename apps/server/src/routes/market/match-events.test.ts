/**
 * The match's events on a runner's price history (issue 24, ADR 54) on PGlite and PostgreSQL:
 * the operator's suspend and reopen with their times, only from the first traded interval on and
 * never another market's; a race's off on its own market's chart; the newest 500 at most; the off, wickets, boundaries and goals as the feed simulator plays a
 * cricket and a football match on a clock the test moves.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { PRICE_HISTORY_MAX_EVENTS, RACING_SPORT_IDS, SPORT } from '@exchange/contracts';
import { markets, matchEvents, matches, races } from '../../db/schema/index.ts';
import { createFeed, ensureMarkets, type FeedSimulator } from '../../feed/index.ts';
import { bettingCast, createMarket, createMatchOdds, firstMatchOf, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

interface Event {
  at: string;
  kind: string;
  text: string;
}

/** When a call ran by the app's clock (moved by the test, and also running in real time). */
interface Span {
  from: number;
  to: number;
}

/** The events are these, in this order, each timed inside the span of the call that caused it. */
function expectEvents(actual: Event[], expected: (Span & { kind: string; text: string })[]): void {
  expect(actual.map(({ kind, text }) => ({ kind, text }))).toEqual(
    expected.map(({ kind, text }) => ({ kind, text })),
  );
  actual.forEach((e, i) => {
    expect(Date.parse(e.at)).toBeGreaterThanOrEqual(expected[i]!.from);
    expect(Date.parse(e.at)).toBeLessThanOrEqual(expected[i]!.to);
  });
}

describeEachDatabase('price history: the operator suspends and opens a market', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok } = callsAs(ctx, () => cast.admin);
  const history = async (market_id: number, interval: '1s' | '1m' | '5m' = '1m') =>
    ok('getPriceHistory', { market_id, selection_id: 1, interval });
  const setStatus = async (
    market_id: number,
    status: 'OPEN' | 'SUSPENDED' | 'BALL_RUNNING',
  ): Promise<Span> => {
    const from = ctx().now().getTime();
    await ok('operatorSetMarketStatus', { market_id, status });
    return { from, to: ctx().now().getTime() };
  };

  it('marks the suspension and the reopening at their times, from the first traded interval on, and not another market’s', async () => {
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    const other = await createMatchOdds(ctx(), cast.admin, cast.matchId, { name: 'Other Odds' });
    const suspended = await setStatus(market, 'SUSPENDED');
    ctx().advanceClock(5_000);
    // Another market of the same match: its suspension is its own.
    await setStatus(other, 'SUSPENDED');
    ctx().advanceClock(2_000);
    const reopened = await setStatus(market, 'OPEN');
    // Suspended twice or opened twice is no new event.
    await setStatus(market, 'OPEN');

    // Nothing traded yet: every event so far, oldest first.
    expectEvents((await history(market)).events, [
      { ...suspended, kind: 'SUSPENDED', text: 'Market suspended' },
      { ...reopened, kind: 'RESUMED', text: 'Market open again' },
    ]);
    expect((await history(other)).events).toEqual([
      expect.objectContaining({ kind: 'SUSPENDED', text: 'Market suspended' }),
    ]);

    // Ten minutes on a trade starts the chart: what came before it is left out.
    ctx().advanceClock(10 * 60_000);
    const maker = await newBettor(ctx(), cast.agent1, 'evmaker', 10_000);
    const taker = await newBettor(ctx(), cast.agent1, 'evtaker', 10_000);
    await ok(
      'placeMarketBet',
      { market_id: market, selection_id: 1, is_back: 0, odds: 2, stake: 500 },
      maker.token,
    );
    await ok(
      'placeMarketBet',
      { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 200 },
      taker.token,
    );
    ctx().advanceClock(3_000);
    const suspendedAgain = await setStatus(market, 'SUSPENDED');
    ctx().advanceClock(4_000);
    const reopenedAgain = await setStatus(market, 'OPEN');
    // Ball running is not an event (the fancy's every ball).
    await setStatus(market, 'BALL_RUNNING');
    await setStatus(market, 'OPEN');

    for (const interval of ['1s', '1m', '5m'] as const) {
      const answer = await history(market, interval);
      expect(answer.intervals).toHaveLength(1);
      expect(Date.parse(answer.intervals[0].start)).toBeGreaterThan(reopened.to);
      expectEvents(answer.events, [
        { ...suspendedAgain, kind: 'SUSPENDED', text: 'Market suspended' },
        { ...reopenedAgain, kind: 'RESUMED', text: 'Market open again' },
      ]);
    }
    // The other runner has traded nothing: its history holds every event.
    expect(
      (await ok('getPriceHistory', { market_id: market, selection_id: 2, interval: '1m' })).events,
    ).toHaveLength(4);

    // Settled, the market keeps its history and its events.
    const before = await history(market);
    await ok('operatorDeclareResult', { market_id: market, winner_ids: [1] });
    expect(await history(market)).toEqual(before);
  });
});

describeEachDatabase('price history: a race’s off, and the newest events', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok } = callsAs(ctx, () => cast.admin);
  const eventsOf = async (market_id: number): Promise<Event[]> =>
    (await ok('getPriceHistory', { market_id, selection_id: 1, interval: '1m' })).events;

  it('marks a race market going off on its own chart, not on the next race’s of the meeting', async () => {
    const { db } = ctx();
    const [meeting] = await db
      .select({ matchId: matches.matchId })
      .from(matches)
      .where(eq(matches.sportId, SPORT.HORSE_RACING))
      .orderBy(asc(matches.matchId))
      .limit(1);
    const [{ last }] = (await db
      .select({ last: sql<number>`coalesce(max(${races.raceId}), 0)::int` })
      .from(races)) as [{ last: number }];
    const start = new Date(ctx().now().getTime() + 60_000);
    await db.insert(races).values([
      { raceId: last + 1, matchId: meeting!.matchId, name: 'R1 5f Events Stakes', startTime: start },
      { raceId: last + 2, matchId: meeting!.matchId, name: 'R2 6f Events Stakes', startTime: start },
    ]);
    const win = (raceId: number) =>
      createMarket(ctx(), cast.admin, {
        match_id: meeting!.matchId,
        race_id: raceId,
        kind: 'EXCHANGE',
        market_type: 'WIN',
        name: 'Win',
        runners: [{ name: 'First Horse' }, { name: 'Second Horse' }],
        in_play: false,
      });
    const first = await win(last + 1);
    const second = await win(last + 2);
    const from = ctx().now().getTime();
    await ok('operatorSetMarketStatus', { market_id: first, status: 'OPEN', in_play: true });
    const off = { from, to: ctx().now().getTime() };
    // Said twice (the feed looks again): one off.
    await ok('operatorSetMarketStatus', { market_id: first, status: 'OPEN', in_play: true });
    expectEvents(await eventsOf(first), [{ ...off, kind: 'OFF', text: 'Off' }]);
    expect(await eventsOf(second)).toEqual([]);
  });

  it('answers the newest PRICE_HISTORY_MAX_EVENTS, oldest first', async () => {
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    const base = ctx().now().getTime() - 3_600_000;
    // A long Test match's boundaries, stored as the feed would have written them a second apart.
    await ctx()
      .db.insert(matchEvents)
      .values(
        Array.from({ length: PRICE_HISTORY_MAX_EVENTS + 10 }, (_, i) => ({
          matchId: cast.matchId,
          marketId: null,
          kind: 'BOUNDARY' as const,
          text: `Four: ${4 * (i + 1)}/0`,
          at: new Date(base + i * 1_000),
        })),
      );
    const events = await eventsOf(market);
    expect(events).toHaveLength(PRICE_HISTORY_MAX_EVENTS);
    expect(events[0]!.text).toBe(`Four: ${4 * 11}/0`);
    expect(events.at(-1)!.text).toBe(`Four: ${4 * (PRICE_HISTORY_MAX_EVENTS + 10)}/0`);
    expect(events.map((e) => Date.parse(e.at))).toEqual(
      events.map((e) => Date.parse(e.at)).sort((a, b) => a - b),
    );
  });
});

describeEachDatabase(
  'price history: the feed’s off, wickets, boundaries and goals',
  (ctx) => {
    let feed: FeedSimulator;
    const errors: unknown[] = [];
    let cricketId: number;
    let footballId: number;
    // The feed's clock and the app's move together, only when the test moves them.
    let feedTime = 0;

    beforeAll(async () => {
      const { db, app } = ctx();
      // No race markets: the feed plays the two matches of this suite and nothing else.
      await ensureMarkets(db, app.betting, ctx().now(), { racingHours: 0 });
      cricketId = (await firstMatchOf(db, SPORT.CRICKET, true)).matchId;
      footballId = (await firstMatchOf(db, SPORT.FOOTBALL, false)).matchId;
      await db
        .update(matches)
        .set({ isActive: false, inPlay: false })
        .where(
          and(
            notInArray(matches.matchId, [cricketId, footballId]),
            notInArray(matches.sportId, [...RACING_SPORT_IDS]),
          ),
        );
      feedTime = ctx().now().getTime();
      // No new fixtures to keep sports in play (inPlay {}): only these two matches move.
      feed = await createFeed(db, app.betting, () => new Date(feedTime), {
        inPlay: {},
        onError: (e) => errors.push(e),
      });
    }, 120_000);

    async function step(ms: number): Promise<Span> {
      ctx().advanceClock(ms);
      feedTime += ms;
      const from = ctx().now().getTime();
      await feed.step();
      return { from, to: ctx().now().getTime() };
    }
    const scoreOf = async (matchId: number) =>
      (await ctx().db.select({ score: matches.score }).from(matches).where(eq(matches.matchId, matchId)))[0]!
        .score;
    const matchOdds = async (matchId: number) =>
      (
        await ctx()
          .db.select({ id: markets.id })
          .from(markets)
          .where(
            and(
              eq(markets.matchId, matchId),
              eq(markets.marketType, 'MATCH_ODDS'),
              inArray(markets.kind, ['EXCHANGE']),
            ),
          )
          .orderBy(asc(markets.id))
      )[0]!.id;
    const eventsOf = async (market_id: number): Promise<Event[]> =>
      (
        await ctx().call(
          'getPriceHistory',
          { market_id, selection_id: 1, interval: '1m' },
          await ctx().login('demo1'),
        )
      ).json.data.events;

    it('marks each wicket and boundary at the time its ball landed, with the score after it', async () => {
      // "171/6 (20 ov) | 58/2 (7.4 ov)": runs, wickets, balls per innings.
      const innings = (score: string | null) =>
        (score ?? '').split('|').flatMap((part) => {
          const m = /^(\d+)\/(\d+) \((\d+)(?:\.(\d))? ov\)$/.exec(part.trim());
          return m
            ? [{ runs: Number(m[1]), wickets: Number(m[2]), over: `${m[3]}${m[4] ? `.${m[4]}` : ''}` }]
            : [];
        });
      const expected: (Span & Omit<Event, 'at'>)[] = [];
      let before = innings(await scoreOf(cricketId));
      // Each ball goes live and lands 1.5 s apart, 5 s after the last: steps of 0.5 s see each on its own.
      for (
        let k = 0;
        k < 4_000 &&
        !(expected.some((e) => e.kind === 'WICKET') && expected.some((e) => e.text.startsWith('Four')));
        k++
      ) {
        const at = await step(500);
        const after = innings(await scoreOf(cricketId));
        after.forEach((now, i) => {
          const was = before[i] ?? { runs: 0, wickets: 0, over: '0' };
          const text = `${now.runs}/${now.wickets} (${now.over})`;
          if (now.wickets > was.wickets) expected.push({ ...at, kind: 'WICKET', text: `Wicket: ${text}` });
          else if (now.runs - was.runs === 4)
            expected.push({ ...at, kind: 'BOUNDARY', text: `Four: ${text}` });
          else if (now.runs - was.runs === 6)
            expected.push({ ...at, kind: 'BOUNDARY', text: `Six: ${text}` });
        });
        before = after;
      }
      expect(errors).toEqual([]);
      expect(expected.some((e) => e.kind === 'WICKET')).toBe(true);
      // The bookmaker is suspended every ball and the fancy lines run: neither is on the exchange's chart.
      expectEvents(await eventsOf(await matchOdds(cricketId)), expected);
    }, 300_000);

    it('marks the football match going in play and each goal with the score and the minute', async () => {
      const market = await matchOdds(footballId);
      // The fixture is due now by the feed's clock (behind the app's by the real time passed): the
      // feed kicks it off at its next look.
      await ctx()
        .db.update(matches)
        .set({ startTime: new Date(feedTime) })
        .where(eq(matches.matchId, footballId));
      const off = await step(3_000);
      const expected: (Span & Omit<Event, 'at'>)[] = [{ ...off, kind: 'OFF', text: 'In play' }];
      // A minute each 3 s: one per step. Two goals in one minute are told home first.
      let was = { home: 0, away: 0 };
      for (let k = 0; k < 100 && !expected.some((e) => e.kind === 'GOAL'); k++) {
        const at = await step(3_000);
        const m = /^(\d+) - (\d+) \((\d+)'\)$/.exec((await scoreOf(footballId)) ?? '');
        if (!m) continue;
        const now = { home: Number(m[1]), away: Number(m[2]) };
        const goal = (home: number, away: number) => ({
          ...at,
          kind: 'GOAL',
          text: `Goal: ${home}-${away} (${m[3]}')`,
        });
        for (let home = was.home + 1; home <= now.home; home++) expected.push(goal(home, was.away));
        for (let away = was.away + 1; away <= now.away; away++) expected.push(goal(now.home, away));
        was = now;
      }
      expect(errors).toEqual([]);
      expect(expected.some((e) => e.kind === 'GOAL')).toBe(true);
      expectEvents(await eventsOf(market), expected);
    }, 300_000);
  },
  // The in-play bet delay is real time; the test moves the clock instead.
  { bettingOptions: { sleep: async () => {} } },
);
