/**
 * The live feed simulator: no outside feed can be reached, so the demo plays its own matches in
 * accelerated time (docs/adr/0020-feed-simulator.md, 0023).
 *
 * Each `step()` reads the fixtures that are live, plays them on by the time passed, and applies
 * what happened as feed events (events.ts): cricket ball by ball with fancy markets on BALL
 * RUNNING while the ball is live, the other sports minute by minute or set by set; prices,
 * bookmaker rates and fancy lines follow the score; the market maker re-quotes; results settle.
 * Session lines settle from the ball log kept with the score. Fixtures go in play at their
 * published start time (never moved); a sport with fewer matches in play than at seed time gets a
 * new fixture starting now. Races go off at their real start times, now and then after losing a
 * non-runner, and are settled a minute later. Binary sessions trade in their IST hours and settle
 * at the close. Every few minutes it keeps the catalog going (fixtures two days ahead in every
 * sport, their markets and liquidity) and voids football that never kicked off. Matches and
 * races the operator created in the console (their own id range, ADR 36) are left alone: the
 * operator runs them.
 *
 * Deterministic for a given seed and clock: tests call `step()` with a clock they move.
 */
import { and, asc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { RACING_SPORT_IDS, SPORT } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { markets, matches, races } from '../db/schema/index.ts';
import { binaryOf, cricketFormatOf, extraFixture, FIXTURE_SPORT_IDS, IN_PLAY_COUNT, SPORT_ID } from './catalog-data.ts';
import { nextFixtureId, refreshFixtures } from './fixtures.ts';
import { SESSION_HOURS } from '../services/betting/hours.ts';
import { IST_OFFSET_MS, type Clock } from '../lib/time.ts';
import { closingPrice, sessionPrice } from './binary.ts';
import { ensureMarkets, fairProbabilities } from './markets.ts';
import type { BettingService } from '../services/betting/service.ts';
import { feedMatch } from '../services/catalog-admin.ts';
import {
  bowl,
  homeWinProbability,
  drawProbability,
  outcomeOf as cricketOutcome,
  isFinished,
  nextBall,
  recordOf,
  restoreCricket,
  scoreText,
  sessionCall,
  type CricketState,
} from './cricket.ts';
import {
  contestProbabilities,
  contestRules,
  contestScore,
  outcomeOf,
  parseContest,
  playOn,
  type ContestRules,
  type ContestState,
} from './contest.ts';
import type { FeedEvent, FeedSink } from './events.ts';
import { FORMATS, sessionLines, type CricketFormat } from './cricket-formats.ts';
import { ladderQuotes } from './market-maker.ts';
import { drawFinish, drawNonRunner } from './racing.ts';
import { seededRandom, type Random } from './random.ts';

export interface FeedTimings {
  /** Cricket: from one ball to the next. */
  ballMs: number;
  /** Cricket: how long the ball is "running" (fancy suspended). */
  ballRunningMs: number;
  /** Sports on the clock: one simulated minute. */
  minuteMs: number;
  /** Sports of sets, games or frames: one period. */
  periodMs: number;
  /** Races: from the off to the result. */
  raceMs: number;
  /** Races: when before the off a non-runner may be declared. */
  nonRunnerLeadMs: number;
  /**
   * A match this far behind the clock (the process stalled or was down) resumes from now instead
   * of rushing through what it missed: the score never freezes and then jumps to the end.
   */
  stallMs: number;
  /** Catalog upkeep (new fixtures, their markets and liquidity, stale football). */
  upkeepMs: number;
}

/**
 * A race the feed never sent off and first sees this long after its off (real time, the server
 * down or stalled) is abandoned, not given a result nobody saw run (ADR 27, races).
 */
const MISSED_RACE_MS = 5 * 60_000;

/** At speed 1: a T20 match takes about 20 minutes, a football match under 5, a race a minute. */
export const BASE_TIMINGS: FeedTimings = {
  ballMs: 5_000,
  ballRunningMs: 1_500,
  minuteMs: 3_000,
  periodMs: 40_000,
  raceMs: 60_000,
  nonRunnerLeadMs: 5 * 60_000,
  stallMs: 30_000,
  upkeepMs: 5 * 60_000,
};

export interface FeedOptions {
  /** Accelerates every timing but the upkeep (FEED_SPEED). */
  speed?: number;
  seed?: number;
  /** Matches kept in play per sport (default IN_PLAY_COUNT, as at seed time). */
  inPlay?: Readonly<Record<number, number>>;
  /** Logs what failed to apply (a market an operator settled first, say); the feed goes on. */
  onError?: (error: unknown, event: FeedEvent | null) => void;
}

interface MarketRef {
  id: number;
  matchId: number;
  raceId: number | null;
  kind: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  marketType: string;
  name: string;
  status: string;
  inPlay: boolean;
}

interface CricketSim {
  sport: 'cricket';
  format: CricketFormat;
  state: CricketState;
  strength: number;
}
interface ContestSim {
  sport: 'contest';
  rules: ContestRules;
  state: ContestState;
  strength: number;
}
type MatchSim = (CricketSim | ContestSim) & {
  matchId: number;
  /** "Home v Away". */
  name: string;
  random: Random;
  /** Clock time (ms) of the next thing to happen. */
  nextAt: number;
  /** Cricket: a ball is running. */
  ballLive: boolean;
  /** Markets put in play and reopened once after the match was picked up. */
  synced: boolean;
};

/** Sports the feed plays (politics outrights are settled by an operator). */
const PLAYED_SPORT_IDS = FIXTURE_SPORT_IDS.filter((id) => id !== SPORT.POLITICS);
/** A fixture not picked up within this long of its start time did not start (the server was down). */
const KICK_OFF_GRACE_MS = 60 * 60_000;

/** Adds the markets not listed yet. */
function addMarkets(list: MarketRef[], more: readonly MarketRef[]): void {
  for (const r of more) if (!list.some((x) => x.id === r.id)) list.push(r);
}

export class FeedSimulator {
  private readonly timings: FeedTimings;
  private readonly sims = new Map<number, MatchSim>();
  /** Races already looked at for a non-runner. */
  private readonly nonRunnerDrawn = new Set<number>();
  /** Markets settled during this step (the step's market list was read before). */
  private readonly settled = new Set<number>();
  private lastUpkeep = 0;
  private readonly seed: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly betting: BettingService,
    private readonly sink: FeedSink,
    private readonly clock: Clock,
    private readonly options: FeedOptions = {},
  ) {
    const speed = options.speed && options.speed > 0 ? options.speed : 1;
    this.timings = Object.fromEntries(
      Object.entries(BASE_TIMINGS).map(([k, v]) => [k, k === 'upkeepMs' ? v : Math.max(1, Math.round(v / speed))]),
    ) as unknown as FeedTimings;
    this.seed = options.seed ?? 20_261_122;
  }

  /** Runs `step()` every `intervalMs` (one at a time) until `stop()`. */
  start(intervalMs = 500): void {
    if (this.timer) return;
    this.lastUpkeep = this.clock().getTime();
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.step()
        .catch((error: unknown) => this.options.onError?.(error, null))
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look at the world: plays every live match and race on to now. */
  async step(): Promise<void> {
    const now = this.clock().getTime();
    this.settled.clear();
    if (this.lastUpkeep > 0 && now - this.lastUpkeep >= this.timings.upkeepMs) {
      this.lastUpkeep = now;
      await this.upkeep();
    }
    // Matches finished in this look are replaced before it ends.
    await this.playMatches(now);
    await this.kickOff(now);
    await this.runRaces(now);
    await this.runSessions(now);
  }

  private async emit(events: readonly FeedEvent[]): Promise<void> {
    for (const event of events) {
      if ('marketId' in event && this.settled.has(event.marketId)) continue;
      try {
        await this.sink.apply(event);
        if (event.type === 'result') this.settled.add(event.marketId);
      } catch (error) {
        this.options.onError?.(error, event);
      }
    }
  }

  /** New fixtures when the list runs dry, their markets and liquidity; football that never started is void. */
  async upkeep(): Promise<void> {
    const now = this.clock();
    await refreshFixtures(this.db, now);
    await ensureMarkets(this.db, this.betting, now);
    await this.betting.voidStaleFootball(now);
  }

  // ---- matches --------------------------------------------------------------------------------

  /**
   * Fixtures go in play at their published start time, which is never moved. A sport with fewer
   * matches in play than at seed time (the demo plays faster than a calendar) gets a new fixture
   * starting now, with its markets: the next one on the list is not pulled forward.
   */
  private async kickOff(now: number): Promise<void> {
    const due = await this.db
      .selectDistinct({ matchId: matches.matchId })
      .from(matches)
      .innerJoin(markets, and(eq(markets.matchId, matches.matchId), isNull(markets.settledAt)))
      .where(
        and(
          feedMatch(),
          eq(matches.isActive, true),
          eq(matches.inPlay, false),
          inArray(matches.sportId, PLAYED_SPORT_IDS),
          lte(matches.startTime, new Date(now)),
          // One the feed missed by long (the server was down) did not start: it is not played late.
          gt(matches.startTime, new Date(now - KICK_OFF_GRACE_MS)),
        ),
      )
      .orderBy(asc(matches.matchId));
    await this.emit(due.map((m) => ({ type: 'match' as const, matchId: m.matchId, inPlay: true, score: null, state: null })));

    const live = await this.db
      .select({ sportId: matches.sportId, n: sql<number>`count(*)::int` })
      .from(matches)
      .where(and(feedMatch(), eq(matches.isActive, true), eq(matches.inPlay, true)))
      .groupBy(matches.sportId);
    const liveBySport = new Map(live.map((r) => [r.sportId, r.n]));
    const created: number[] = [];
    for (const [sport, wanted] of Object.entries(this.options.inPlay ?? IN_PLAY_COUNT)) {
      // Not in play yet when the next one is made in this loop: kept here.
      const made: string[] = [];
      const sportId = Number(sport);
      for (let k = liveBySport.get(sportId) ?? 0; k < wanted; k++) {
        const matchId = await nextFixtureId(this.db);
        const [{ n }] = (await this.db.select({ n: sql<number>`count(*)::int` }).from(matches).where(eq(matches.sportId, sportId))) as [{ n: number }];
        // Names of the sport's matches in play or to come: a new one takes none of them.
        const listed = await this.db
          .select({ name: matches.matchName })
          .from(matches)
          .where(and(eq(matches.sportId, sportId), eq(matches.isActive, true), or(eq(matches.inPlay, true), gt(matches.startTime, new Date(now)))));
        const fixture = extraFixture(sportId, new Date(now), n, matchId, new Set([...listed.map((r) => r.name), ...made]));
        made.push(fixture.matchName);
        await this.db.insert(matches).values(fixture);
        created.push(matchId);
      }
    }
    if (created.length === 0) return;
    await ensureMarkets(this.db, this.betting, new Date(now), { matchIds: created });
    await this.emit(created.map((matchId) => ({ type: 'match' as const, matchId, inPlay: true, score: null, state: null })));
  }

  private async playMatches(now: number): Promise<void> {
    const live = await this.db
      .select({ matchId: matches.matchId, sportId: matches.sportId, seriesId: matches.seriesId, name: matches.matchName, score: matches.score, feedState: matches.feedState })
      .from(matches)
      .where(
        and(
          feedMatch(),
          eq(matches.isActive, true),
          eq(matches.inPlay, true),
          notInArray(matches.sportId, [...RACING_SPORT_IDS, SPORT.POLITICS, SPORT.HIDDEN, SPORT_ID.BINARY]),
        ),
      )
      .orderBy(asc(matches.matchId));
    const liveIds = new Set(live.map((m) => m.matchId));
    for (const id of this.sims.keys()) if (!liveIds.has(id)) this.sims.delete(id);
    if (live.length === 0) return;
    const refs = await this.openMarkets(inArray(markets.matchId, [...liveIds]));
    for (const m of live) {
      const own = refs.filter((r) => r.matchId === m.matchId && r.raceId === null);
      let sim = this.sims.get(m.matchId);
      if (!sim) {
        sim = this.newSim(m, now);
        this.sims.set(m.matchId, sim);
      }
      if (!sim.synced) {
        sim.synced = true;
        // Picked up (a kick-off, a restart): the chasers' lines exist once the innings changed over
        // (a restart may come between the two), and every market is in play and open.
        if (sim.sport === 'cricket' && sim.state.second) addMarkets(own, await this.secondInnings(sim));
        await this.emit(
          own
            .filter((r) => !r.inPlay || r.status !== 'OPEN')
            .map((r) => ({ type: 'status' as const, marketId: r.id, status: 'OPEN' as const, inPlay: true })),
        );
        await this.emit(await this.priceEvents(sim, own));
      }
      if (now - sim.nextAt > this.timings.stallMs) sim.nextAt = now;
      // Catch up in steps (a slow tick), a bounded number per look.
      for (let k = 0; k < 20 && now >= sim.nextAt; k++) {
        const open = own.filter((r) => !this.settled.has(r.id));
        const done = sim.sport === 'cricket' ? await this.cricketStep(sim, open, own) : await this.contestStep(sim, open);
        if (done) {
          await this.finish(sim, own.filter((r) => !this.settled.has(r.id)));
          break;
        }
      }
    }
  }

  private newSim(
    { matchId, sportId, seriesId, name, score, feedState }: { matchId: number; sportId: number; seriesId: number; name: string; score: string | null; feedState: unknown },
    now: number,
  ): MatchSim {
    const random = seededRandom(this.seed ^ Math.imul(matchId, 2_654_435_761));
    const base = { matchId, name, random, ballLive: false, synced: false };
    if (sportId === SPORT.CRICKET) {
      const [home] = fairProbabilities(matchId, 2, false);
      const format = cricketFormatOf(seriesId);
      const state = restoreCricket(score, feedState, format);
      return { ...base, sport: 'cricket', format, state, strength: home!, nextAt: now + this.timings.ballMs };
    }
    const rules = contestRules(sportId);
    const fair = fairProbabilities(matchId, sportId === SPORT.FOOTBALL ? 3 : 2, sportId === SPORT.FOOTBALL);
    const strength = fair[0]! / (fair[0]! + fair[1]!);
    const first = rules.shape === 'clock' ? this.timings.minuteMs : this.timings.periodMs;
    return { ...base, sport: 'contest', rules, state: parseContest(rules, score), strength, nextAt: now + first };
  }

  private async openMarkets(where: ReturnType<typeof inArray>): Promise<MarketRef[]> {
    return this.db
      .select({
        id: markets.id,
        matchId: markets.matchId,
        raceId: markets.raceId,
        kind: markets.kind,
        marketType: markets.marketType,
        name: markets.name,
        status: markets.status,
        inPlay: markets.inPlay,
      })
      .from(markets)
      .where(and(where, isNull(markets.settledAt)))
      .orderBy(asc(markets.sort), asc(markets.id));
  }

  /** The chances of a match's runners in market order (home, away, the draw). */
  private chances(sim: MatchSim): number[] {
    if (sim.sport === 'cricket') {
      const home = homeWinProbability(sim.state, sim.strength);
      if (!FORMATS[sim.format].drawable) return [home, 1 - home];
      // The home side's chance is the chase falling short, which takes in The Draw (batting out
      // the overs short of the target): the home side wins when the chasers fall short all out.
      const draw = Math.min(drawProbability(sim.state), home * 0.9);
      return [home - draw, 1 - home, draw];
    }
    const [home, away, draw] = contestProbabilities(
      sim.rules,
      sim.state,
      sim.strength,
      seededRandom(this.seed + sim.matchId + sim.state.elapsed),
    );
    return [home, away, draw];
  }

  /** Match Odds quotes and bookmaker rates from the chances now. */
  private async priceEvents(sim: MatchSim, own: readonly MarketRef[]): Promise<FeedEvent[]> {
    const chances = this.chances(sim);
    const out: FeedEvent[] = [];
    for (const r of own) {
      if (r.kind === 'EXCHANGE') {
        const state = await this.betting.peek(r.id);
        const ids = state.runners.filter((x) => x.status !== 'REMOVED').map((x) => x.selectionId);
        // Chances are floored so that a lost cause still shows a (long) price.
        const fair = ids.map((_, i) => Math.max(0.01, chances[i] ?? 0.01));
        out.push({ type: 'quotes', marketId: r.id, quotes: ladderQuotes(r.id, ids, fair, 3) });
      } else if (r.kind === 'BOOKMAKER') {
        const state = await this.betting.peek(r.id);
        out.push({
          type: 'rates',
          marketId: r.id,
          rates: state.runners.map((x, i) => {
            const p = Math.max(0.02, chances[i] ?? 0.02);
            const back = Math.min(5_000, Math.max(1, Math.round(100 / p) - 100 - 3));
            return { selectionId: x.selectionId, backRate: back, layRate: back + 4 };
          }),
        });
      }
    }
    return out;
  }

  /**
   * One cricket beat: the ball goes live, or its outcome lands. `all` is the match's market list,
   * to which the chasers' lines are added at the innings break. Returns true when the match is over.
   */
  private async cricketStep(sim: MatchSim & CricketSim, own: readonly MarketRef[], all: MarketRef[]): Promise<boolean> {
    const fancy = own.filter((r) => r.kind === 'FANCY');
    const bookmaker = own.filter((r) => r.kind === 'BOOKMAKER');
    if (!sim.ballLive) {
      sim.ballLive = true;
      sim.nextAt += this.timings.ballRunningMs;
      await this.emit([
        ...fancy.map((r) => ({ type: 'status' as const, marketId: r.id, status: 'BALL_RUNNING' as const })),
        ...bookmaker.map((r) => ({ type: 'status' as const, marketId: r.id, status: 'SUSPENDED' as const })),
      ]);
      return false;
    }
    sim.ballLive = false;
    sim.nextAt += this.timings.ballMs - this.timings.ballRunningMs;
    const before = sim.state;
    const ball = nextBall(sim.random, sim.format);
    sim.state = bowl(sim.state, ball);
    // The score and the ball log in one write: whatever comes after may be cut short by a restart.
    const events: FeedEvent[] = [{ type: 'match', matchId: sim.matchId, score: scoreText(sim.state), state: recordOf(sim.state) }];
    for (const r of fancy) events.push(this.fancyEvent(sim.state, r));
    events.push(...bookmaker.map((r) => ({ type: 'status' as const, marketId: r.id, status: 'OPEN' as const })));
    // Bookmaker rates follow every ball; the exchange ladder is re-quoted when the game turns (a
    // wicket, a boundary) and at the end of each over, which keeps the maker's churn down.
    const batting = sim.state.second ?? sim.state.first;
    const turn = ball.kind === 'wicket' || ball.runs >= 4 || batting.balls % 6 === 0;
    const prices = await this.priceEvents(sim, turn ? own : bookmaker);
    events.push(...prices);
    await this.emit(events);
    if (!before.second && sim.state.second) addMarkets(all, await this.secondInnings(sim));
    return isFinished(sim.state);
  }

  /** A session line after a ball: settled once decided (from the ball log), else moved and reopened. */
  private fancyEvent(state: CricketState, r: MarketRef): FeedEvent {
    const call = sessionCall(state, r.name);
    switch (call.kind) {
      case 'result':
        return { type: 'result', marketId: r.id, result: { runs: call.runs } };
      case 'void':
        return { type: 'result', marketId: r.id, result: { void: true } };
      case 'line':
        return { type: 'line', marketId: r.id, line: { noLine: call.line, noRate: 100, yesLine: call.line + 1, yesRate: 100 }, status: 'OPEN' };
      case 'open':
        return { type: 'status', marketId: r.id, status: 'OPEN' };
    }
  }

  /** At the innings break the chasing side gets its own session lines (idempotent: keyed). Returns them. */
  private async secondInnings(sim: MatchSim & CricketSim): Promise<MarketRef[]> {
    const away = sim.name.split(' v ')[1]?.trim();
    if (!away) return [];
    const lines = sessionLines(sim.format, sim.matchId, away, 2);
    const ids = await this.betting.createMarkets(
      lines.map((l, i) => ({
        matchId: sim.matchId,
        kind: 'FANCY' as const,
        marketType: 'FANCY' as const,
        name: l.name,
        inPlay: true,
        betDelayMs: 1_000,
        sort: 20 + i,
        fancy: { noLine: l.line, noRate: 100, yesLine: l.line + 1, yesRate: 100 },
        externalKey: `match:${sim.matchId}:FANCY:2-${i + 1}`,
      })),
    );
    const created = await this.openMarkets(inArray(markets.id, ids));
    return created.filter((r) => !this.settled.has(r.id));
  }

  /** One minute or one period of another sport. Returns true when the match is over. */
  private async contestStep(sim: MatchSim & ContestSim, own: readonly MarketRef[]): Promise<boolean> {
    sim.nextAt += sim.rules.shape === 'clock' ? this.timings.minuteMs : this.timings.periodMs;
    const before = sim.state;
    sim.state = playOn(sim.rules, sim.state, sim.random, sim.strength);
    const scored = sim.state.home !== before.home || sim.state.away !== before.away;
    const events: FeedEvent[] = [{ type: 'match', matchId: sim.matchId, score: contestScore(sim.rules, sim.state) }];
    // Prices move with the score, and with the clock every ten minutes.
    if (scored || sim.state.elapsed % 10 === 0) events.push(...(await this.priceEvents(sim, own)));
    await this.emit(events);
    return sim.state.finished;
  }

  /** Full time: every market settled, the fixture leaves the list. */
  private async finish(sim: MatchSim, own: readonly MarketRef[]): Promise<void> {
    // Runner order: home, away (, the draw).
    let winner: number;
    const order = { home: 0, away: 1, draw: 2 };
    if (sim.sport === 'cricket') winner = order[cricketOutcome(sim.state, FORMATS[sim.format].drawable)];
    else winner = order[outcomeOf(sim.state)];
    const events: FeedEvent[] = [];
    for (const r of own) {
      if (r.kind === 'FANCY') {
        if (sim.sport !== 'cricket') continue;
        // Every line is decided once the match is over (a chase won early: at the score reached);
        // one that is not ours is void rather than left open.
        const last = this.fancyEvent(sim.state, r);
        events.push(last.type === 'result' ? last : { type: 'result', marketId: r.id, result: { void: true } });
        continue;
      }
      const state = await this.betting.peek(r.id);
      const runner = state.runners[winner];
      events.push(
        runner
          ? { type: 'result', marketId: r.id, result: { winnerIds: [runner.selectionId] } }
          : { type: 'result', marketId: r.id, result: { void: true } },
      );
    }
    await this.emit([
      ...own.filter((r) => r.kind !== 'FANCY').map((r) => ({ type: 'status' as const, marketId: r.id, status: 'SUSPENDED' as const })),
      ...events,
      { type: 'match', matchId: sim.matchId, inPlay: false, active: false },
    ]);
    this.sims.delete(sim.matchId);
  }

  // ---- binary sessions ------------------------------------------------------------------------

  /**
   * Binary sessions in their IST hours: in play from the open with the line on the price as it
   * moves, settled at the close on the closing price, then off the list.
   */
  private async runSessions(now: number): Promise<void> {
    const rows = await this.db
      .select({ matchId: matches.matchId, inPlay: matches.inPlay, marketId: markets.id, noLine: markets.noLine, status: markets.status, marketInPlay: markets.inPlay })
      .from(matches)
      .innerJoin(markets, and(eq(markets.matchId, matches.matchId), isNull(markets.settledAt)))
      .where(and(feedMatch(), eq(matches.sportId, SPORT_ID.BINARY), eq(matches.isActive, true), lte(matches.startTime, new Date(now))))
      .orderBy(asc(matches.matchId));
    for (const r of rows) {
      const session = binaryOf(r.matchId);
      if (!session || this.settled.has(r.marketId)) continue;
      const hours = SESSION_HOURS[session.instrument.session];
      const open = (session.dayNumber * 1_440 + hours.openMinute) * 60_000 - IST_OFFSET_MS;
      const close = (session.dayNumber * 1_440 + hours.closeMinute) * 60_000 - IST_OFFSET_MS;
      if (now >= close) {
        await this.emit([
          { type: 'status', marketId: r.marketId, status: 'SUSPENDED' },
          { type: 'result', marketId: r.marketId, result: { runs: closingPrice(session.instrument, session.dayNumber) } },
          { type: 'match', matchId: r.matchId, inPlay: false, active: false },
        ]);
        continue;
      }
      const events: FeedEvent[] = [];
      if (!r.inPlay) events.push({ type: 'match', matchId: r.matchId, inPlay: true });
      if (!r.marketInPlay || r.status !== 'OPEN') events.push({ type: 'status', marketId: r.marketId, status: 'OPEN', inPlay: true });
      const line = sessionPrice(session.instrument, session.dayNumber, now - open);
      if (line !== r.noLine) events.push({ type: 'line', marketId: r.marketId, line: { noLine: line, noRate: 100, yesLine: line, yesRate: 100 } });
      await this.emit(events);
    }
  }

  // ---- races ----------------------------------------------------------------------------------

  private async runRaces(now: number): Promise<void> {
    const soon = new Date(now + this.timings.nonRunnerLeadMs);
    const due = await this.db
      .select({ raceId: races.raceId, startTime: races.startTime })
      .from(races)
      .innerJoin(markets, and(eq(markets.raceId, races.raceId), isNull(markets.settledAt)))
      .where(and(feedMatch(races.matchId), lte(races.startTime, soon)))
      .groupBy(races.raceId, races.startTime)
      .orderBy(asc(races.startTime));
    if (due.length === 0) return;
    const refs = await this.openMarkets(inArray(markets.raceId, due.map((r) => r.raceId)));
    for (const race of due) {
      const own = refs.filter((r) => r.raceId === race.raceId);
      const start = race.startTime.getTime();
      if (now < start) {
        if (!this.nonRunnerDrawn.has(race.raceId)) {
          this.nonRunnerDrawn.add(race.raceId);
          await this.maybeNonRunner(race.raceId, own);
        }
      } else if (now < start + this.timings.raceMs) {
        await this.emit(
          own.filter((r) => !r.inPlay).map((r) => ({ type: 'status' as const, marketId: r.id, status: 'OPEN' as const, inPlay: true })),
        );
      } else if (!own.some((r) => r.inPlay) && now >= start + Math.max(this.timings.raceMs, MISSED_RACE_MS)) {
        // Never sent off (the server was down through it): not run, as a real site abandons a
        // race it has no result for. Void settles its bets back through the normal path.
        await this.emit(own.map((r) => ({ type: 'result' as const, marketId: r.id, result: { void: true } })));
        this.nonRunnerDrawn.delete(race.raceId);
      } else {
        await this.settleRace(race.raceId, own);
        this.nonRunnerDrawn.delete(race.raceId);
      }
    }
  }

  private raceRandom(raceId: number, salt: number): Random {
    return seededRandom(this.seed ^ Math.imul(raceId, 40_503) ^ salt);
  }

  /** The race's runners in order with their chances (the seed's fair prices), non-runners out. */
  private async field(raceId: number, own: readonly MarketRef[]) {
    const win = own.find((r) => r.marketType === 'WIN');
    if (!win) return null;
    const state = await this.betting.peek(win.id);
    const fair = fairProbabilities(raceId, state.runners.length, false);
    const runners = state.runners
      .map((r, i) => ({ selectionId: r.selectionId, chance: fair[i] ?? 0, removed: r.status === 'REMOVED' }))
      .filter((r) => !r.removed);
    return runners;
  }

  private async maybeNonRunner(raceId: number, own: readonly MarketRef[]): Promise<void> {
    const field = await this.field(raceId, own);
    if (!field) return;
    const drawn = drawNonRunner(this.raceRandom(raceId, 1), field.map((r) => r.chance));
    if (!drawn) return;
    const out = field[drawn.index]!;
    await this.emit(
      own
        .filter((r) => r.kind === 'EXCHANGE')
        .map((r) => ({
          type: 'nonRunner' as const,
          marketId: r.id,
          selectionId: out.selectionId,
          // A PLACE market's factor follows the chance to place, roughly the win chance times the places.
          reductionFactorBps: r.marketType === 'PLACE' ? Math.min(9_000, drawn.reductionFactorBps * 2) : drawn.reductionFactorBps,
        })),
    );
  }

  private async settleRace(raceId: number, own: readonly MarketRef[]): Promise<void> {
    const field = await this.field(raceId, own);
    if (!field || field.length === 0) {
      await this.emit(own.map((r) => ({ type: 'result' as const, marketId: r.id, result: { void: true } })));
      return;
    }
    const finish = drawFinish(this.raceRandom(raceId, 2), field.map((r) => r.chance));
    const ids = finish.order.map((i) => field[i]!.selectionId);
    const events: FeedEvent[] = own.map((r) => ({ type: 'status' as const, marketId: r.id, status: 'SUSPENDED' as const }));
    for (const r of own) {
      if (r.marketType === 'PLACE') {
        const { row } = await this.betting.peek(r.id);
        events.push({ type: 'result', marketId: r.id, result: { winnerIds: ids.slice(0, Math.min(row.places, ids.length)) } });
      } else if (finish.deadHeat) {
        events.push({ type: 'result', marketId: r.id, result: { winnerIds: ids.slice(0, 2), places: 1, tiedIds: ids.slice(0, 2) } });
      } else {
        events.push({ type: 'result', marketId: r.id, result: { winnerIds: ids.slice(0, 1) } });
      }
    }
    await this.emit(events);
  }
}
