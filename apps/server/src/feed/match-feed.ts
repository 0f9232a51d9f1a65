/**
 * Matches: fixtures go in play at their published start time (never moved), are played on by
 * the clock (cricket-feed.ts, contest-feed.ts) and settled at full time. A sport with fewer
 * matches in play than at seed time gets a new fixture starting now.
 */
import { SPORT } from '@exchange/contracts';
import { extraFixture, FIXTURE_SPORT_IDS, IN_PLAY_COUNT } from './catalog-data.ts';
import { contestBeat, contestChances, contestWinner, newContestSim, type ContestSim } from './contest-feed.ts';
import { cricketBeat, chasersLines, cricketChances, cricketWinner, finalSessionResult, newCricketSim, type CricketSim } from './cricket-feed.ts';
import type { FeedEvent } from './events.ts';
import type { FeedContext } from './feed-context.ts';
import { nextFixtureId } from './fixtures.ts';
import { ensureMarkets } from './markets.ts';
import { addMarkets, priceEvents } from './match-sim.ts';
import {
  fixturesDueToStart,
  insertFixture,
  listedMatchNames,
  liveFixtures,
  liveMatchesBySport,
  matchCountOfSport,
  openMarketsOfMatches,
  type LiveFixture,
  type MarketRef,
} from './queries.ts';
import { seededRandom } from './random.ts';

type MatchSim = CricketSim | ContestSim;

/** Sports the feed plays (politics outrights are settled by an operator). */
const PLAYED_SPORT_IDS = FIXTURE_SPORT_IDS.filter((id) => id !== SPORT.POLITICS);
/** A fixture not picked up within this long of its start time did not start (the server was down). */
const KICK_OFF_GRACE_MS = 60 * 60_000;
/** Beats played at most in one look when a match is behind the clock (a slow tick). */
const CATCH_UP_BEATS = 20;

export class MatchFeed {
  private readonly sims = new Map<number, MatchSim>();

  constructor(
    private readonly feed: FeedContext,
    /** Matches kept in play per sport. */
    private readonly inPlay: Readonly<Record<number, number>> = IN_PLAY_COUNT,
  ) {}

  /**
   * Fixtures go in play at their published start time, which is never moved. A sport with fewer
   * matches in play than at seed time (the demo plays faster than a calendar) gets a new fixture
   * starting now, with its markets: the next one on the list is not pulled forward.
   */
  async kickOff(now: number): Promise<void> {
    const { db } = this.feed;
    // One the feed missed by long (the server was down) did not start: it is not played late.
    const due = await fixturesDueToStart(db, PLAYED_SPORT_IDS, new Date(now - KICK_OFF_GRACE_MS), new Date(now));
    await this.feed.emit(due.map((matchId) => ({ type: 'match' as const, matchId, inPlay: true, score: null, state: null })));

    const liveBySport = await liveMatchesBySport(db);
    const created: number[] = [];
    for (const [sport, wanted] of Object.entries(this.inPlay)) {
      // Not in play yet when the next one is made in this loop: kept here.
      const made: string[] = [];
      const sportId = Number(sport);
      for (let k = liveBySport.get(sportId) ?? 0; k < wanted; k++) {
        const matchId = await nextFixtureId(db);
        const n = await matchCountOfSport(db, sportId);
        // Names of the sport's matches in play or to come: a new one takes none of them.
        const listed = await listedMatchNames(db, sportId, new Date(now));
        const fixture = extraFixture(sportId, new Date(now), n, matchId, new Set([...listed, ...made]));
        made.push(fixture.matchName);
        await insertFixture(db, fixture);
        created.push(matchId);
      }
    }
    if (created.length === 0) return;
    await ensureMarkets(db, this.feed.betting, new Date(now), { matchIds: created });
    await this.feed.emit(created.map((matchId) => ({ type: 'match' as const, matchId, inPlay: true, score: null, state: null })));
  }

  /** Plays every match in play on to `now`; those that end are settled and leave the list. */
  async play(now: number): Promise<void> {
    const live = await liveFixtures(this.feed.db);
    const liveIds = new Set(live.map((m) => m.matchId));
    for (const id of this.sims.keys()) if (!liveIds.has(id)) this.sims.delete(id);
    if (live.length === 0) return;
    const refs = await openMarketsOfMatches(this.feed.db, [...liveIds]);
    for (const m of live) {
      const own = refs.filter((r) => r.matchId === m.matchId && r.raceId === null);
      let sim = this.sims.get(m.matchId);
      if (!sim) {
        sim = this.pickUp(m, now);
        this.sims.set(m.matchId, sim);
      }
      if (!sim.synced) {
        sim.synced = true;
        // Picked up (a kick-off, a restart): the chasers' lines exist once the innings changed over
        // (a restart may come between the two), and every market is in play and open.
        if (sim.sport === 'cricket' && sim.state.second) addMarkets(own, await chasersLines(this.feed, sim));
        await this.feed.emit(
          own
            .filter((r) => !r.inPlay || r.status !== 'OPEN')
            .map((r) => ({ type: 'status' as const, marketId: r.id, status: 'OPEN' as const, inPlay: true })),
        );
        await this.feed.emit(await priceEvents(this.feed.betting, this.chances(sim), own));
      }
      if (now - sim.nextAt > this.feed.timings.stallMs) sim.nextAt = now;
      // Catch up in steps (a slow tick), a bounded number per look.
      for (let k = 0; k < CATCH_UP_BEATS && now >= sim.nextAt; k++) {
        const open = own.filter((r) => !this.feed.settledNow(r.id));
        const done = sim.sport === 'cricket' ? await cricketBeat(this.feed, sim, open, own) : await contestBeat(this.feed, sim, open);
        if (done) {
          await this.finish(sim, own.filter((r) => !this.feed.settledNow(r.id)));
          break;
        }
      }
    }
  }

  /** A match seen in play for the first time since this process started. */
  private pickUp(fixture: LiveFixture, now: number): MatchSim {
    const random = seededRandom(this.feed.seed ^ Math.imul(fixture.matchId, 2_654_435_761));
    const base = { matchId: fixture.matchId, name: fixture.name, random, nextAt: now, synced: false };
    return fixture.sportId === SPORT.CRICKET ? newCricketSim(base, fixture, this.feed, now) : newContestSim(base, fixture, this.feed, now);
  }

  private chances(sim: MatchSim): number[] {
    return sim.sport === 'cricket' ? cricketChances(sim) : contestChances(this.feed, sim);
  }

  /** Full time: every market settled, the fixture leaves the list. */
  private async finish(sim: MatchSim, own: readonly MarketRef[]): Promise<void> {
    // Runner order: home, away (, the draw).
    const order = { home: 0, away: 1, draw: 2 };
    const winner = order[sim.sport === 'cricket' ? cricketWinner(sim) : contestWinner(sim)];
    const events: FeedEvent[] = [];
    for (const r of own) {
      if (r.kind === 'FANCY') {
        if (sim.sport === 'cricket') events.push(finalSessionResult(sim, r));
        continue;
      }
      const state = await this.feed.betting.peek(r.id);
      const runner = state.runners[winner];
      events.push(
        runner
          ? { type: 'result', marketId: r.id, result: { winnerIds: [runner.selectionId] } }
          : { type: 'result', marketId: r.id, result: { void: true } },
      );
    }
    await this.feed.emit([
      ...own.filter((r) => r.kind !== 'FANCY').map((r) => ({ type: 'status' as const, marketId: r.id, status: 'SUSPENDED' as const })),
      ...events,
      { type: 'match', matchId: sim.matchId, inPlay: false, active: false },
    ]);
    this.sims.delete(sim.matchId);
  }
}
