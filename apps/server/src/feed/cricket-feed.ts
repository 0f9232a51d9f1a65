/**
 * Cricket as the feed plays it: ball by ball (cricket.ts), the fancy markets on BALL RUNNING and
 * the bookmaker suspended while the ball is live, then the score, the ball log and a wicket or
 * boundary for the price charts in one write,
 * the session lines moved or settled from that log (ADR 23), and prices that follow the game.
 * At the innings break the chasing side gets its own session lines.
 */
import { cricketFormatOf } from './catalog-data.ts';
import {
  ballHappening,
  bowl,
  drawProbability,
  homeWinProbability,
  isFinished,
  nextBall,
  outcomeOf,
  recordOf,
  restoreCricket,
  scoreText,
  sessionCall,
  type CricketState,
} from './cricket.ts';
import { FORMATS, sessionLines, type CricketFormat } from './cricket-formats.ts';
import type { FeedEvent } from './events.ts';
import type { FeedContext } from './feed-context.ts';
import { fairProbabilities } from './markets.ts';
import { addMarkets, priceEvents, type MatchSimBase } from './match-sim.ts';
import { openMarketsById, type LiveFixture, type MarketRef } from './queries.ts';

export interface CricketSim extends MatchSimBase {
  sport: 'cricket';
  format: CricketFormat;
  state: CricketState;
  /** The home side's chance before a ball, from the seed's fair price. */
  strength: number;
  /** A ball is running. */
  ballLive: boolean;
}

/** A match picked up: carried on from its score and ball log (a restart loses nothing). */
export function newCricketSim(base: MatchSimBase, fixture: LiveFixture, feed: FeedContext, now: number): CricketSim {
  const [home] = fairProbabilities(fixture.matchId, 2, false);
  const format = cricketFormatOf(fixture.seriesId);
  const state = restoreCricket(fixture.score, fixture.feedState, format);
  return { ...base, ballLive: false, sport: 'cricket', format, state, strength: home!, nextAt: now + feed.timings.ballMs };
}

/** The chances of the runners in market order (home, away, the draw where the format has one). */
export function cricketChances(sim: CricketSim): number[] {
  const home = homeWinProbability(sim.state, sim.strength);
  if (!FORMATS[sim.format].drawable) return [home, 1 - home];
  // The home side's chance is the chase falling short, which takes in The Draw (batting out
  // the overs short of the target): the home side wins when the chasers fall short all out.
  const draw = Math.min(drawProbability(sim.state), home * 0.9);
  return [home - draw, 1 - home, draw];
}

export const cricketWinner = (sim: CricketSim) => outcomeOf(sim.state, FORMATS[sim.format].drawable);

/**
 * One cricket beat: the ball goes live, or its outcome lands. `all` is the match's market list,
 * to which the chasers' lines are added at the innings break. Returns true when the match is over.
 */
export async function cricketBeat(feed: FeedContext, sim: CricketSim, own: readonly MarketRef[], all: MarketRef[]): Promise<boolean> {
  const fancy = own.filter((r) => r.kind === 'FANCY');
  const bookmaker = own.filter((r) => r.kind === 'BOOKMAKER');
  if (!sim.ballLive) {
    sim.ballLive = true;
    sim.nextAt += feed.timings.ballRunningMs;
    await feed.emit([
      ...fancy.map((r) => ({ type: 'status' as const, marketId: r.id, status: 'BALL_RUNNING' as const })),
      ...bookmaker.map((r) => ({ type: 'status' as const, marketId: r.id, status: 'SUSPENDED' as const })),
    ]);
    return false;
  }
  sim.ballLive = false;
  sim.nextAt += feed.timings.ballMs - feed.timings.ballRunningMs;
  const before = sim.state;
  const ball = nextBall(sim.random, sim.format);
  sim.state = bowl(sim.state, ball);
  // The score and the ball log in one write: whatever comes after may be cut short by a restart.
  const happening = ballHappening(before, sim.state, ball);
  const events: FeedEvent[] = [
    { type: 'match', matchId: sim.matchId, score: scoreText(sim.state), state: recordOf(sim.state), ...(happening ? { happenings: [happening] } : {}) },
  ];
  for (const r of fancy) events.push(sessionEvent(sim.state, r));
  events.push(...bookmaker.map((r) => ({ type: 'status' as const, marketId: r.id, status: 'OPEN' as const })));
  // Bookmaker rates follow every ball; the exchange ladder is re-quoted when the game turns (a
  // wicket, a boundary) and at the end of each over, which keeps the maker's churn down.
  const batting = sim.state.second ?? sim.state.first;
  const turn = ball.kind === 'wicket' || ball.runs >= 4 || batting.balls % 6 === 0;
  events.push(...(await priceEvents(feed.betting, cricketChances(sim), turn ? own : bookmaker)));
  await feed.emit(events);
  if (!before.second && sim.state.second) addMarkets(all, await chasersLines(feed, sim));
  return isFinished(sim.state);
}

/** A session line after a ball: settled once decided (from the ball log), else moved and reopened. */
function sessionEvent(state: CricketState, r: MarketRef): FeedEvent {
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

/**
 * A session line at the end of the match: every line is decided once the match is over (a chase
 * won early: at the score reached); one that is not ours is void rather than left open.
 */
export function finalSessionResult(sim: CricketSim, r: MarketRef): FeedEvent {
  const last = sessionEvent(sim.state, r);
  return last.type === 'result' ? last : { type: 'result', marketId: r.id, result: { void: true } };
}

/** At the innings break the chasing side gets its own session lines (idempotent: keyed). Returns them. */
export async function chasersLines(feed: FeedContext, sim: CricketSim): Promise<MarketRef[]> {
  const away = sim.name.split(' v ')[1]?.trim();
  if (!away) return [];
  const lines = sessionLines(sim.format, sim.matchId, away, 2);
  const ids = await feed.betting.createMarkets(
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
  const created = await openMarketsById(feed.db, ids);
  return created.filter((r) => !feed.settledNow(r.id));
}
