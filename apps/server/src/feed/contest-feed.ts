/**
 * The other sports as the feed plays them (contest.ts): football and the sports on the clock
 * minute by minute, the sports of sets, games or frames period by period; prices move with the
 * score, and with the clock every ten minutes. Goals are written with the score for the price charts.
 */
import { SPORT } from '@exchange/contracts';
import { contestProbabilities, contestRules, contestScore, goalsScored, outcomeOf, parseContest, playOn, type ContestRules, type ContestState } from './contest.ts';
import type { FeedEvent } from './events.ts';
import type { FeedContext, FeedTimings } from './feed-context.ts';
import { fairProbabilities } from './markets.ts';
import { priceEvents, type MatchSimBase } from './match-sim.ts';
import type { LiveFixture, MarketRef } from './queries.ts';
import { seededRandom } from './random.ts';

export interface ContestSim extends MatchSimBase {
  sport: 'contest';
  rules: ContestRules;
  state: ContestState;
  /** The home side's share of the two sides' chances, from the seed's fair price. */
  strength: number;
}

/** How long one beat of the sport lasts: a minute on the clock, or a period. */
const beatMs = (rules: ContestRules, timings: FeedTimings) => (rules.shape === 'clock' ? timings.minuteMs : timings.periodMs);

/** A match picked up: carried on from its score. */
export function newContestSim(base: MatchSimBase, fixture: LiveFixture, feed: FeedContext, now: number): ContestSim {
  const { matchId, sportId } = fixture;
  const rules = contestRules(sportId);
  const fair = fairProbabilities(matchId, sportId === SPORT.FOOTBALL ? 3 : 2, sportId === SPORT.FOOTBALL);
  const strength = fair[0]! / (fair[0]! + fair[1]!);
  return { ...base, sport: 'contest', rules, state: parseContest(rules, fixture.score), strength, nextAt: now + beatMs(rules, feed.timings) };
}

/** The chances of the runners in market order (home, away, the draw). */
export function contestChances(feed: FeedContext, sim: ContestSim): number[] {
  const [home, away, draw] = contestProbabilities(sim.rules, sim.state, sim.strength, seededRandom(feed.seed + sim.matchId + sim.state.elapsed));
  return [home, away, draw];
}

export const contestWinner = (sim: ContestSim) => outcomeOf(sim.state);

/** One minute or one period. Returns true when the match is over. */
export async function contestBeat(feed: FeedContext, sim: ContestSim, own: readonly MarketRef[]): Promise<boolean> {
  sim.nextAt += beatMs(sim.rules, feed.timings);
  const before = sim.state;
  sim.state = playOn(sim.rules, sim.state, sim.random, sim.strength);
  const scored = sim.state.home !== before.home || sim.state.away !== before.away;
  const goals = goalsScored(sim.rules, before, sim.state);
  const events: FeedEvent[] = [
    { type: 'match', matchId: sim.matchId, score: contestScore(sim.rules, sim.state), ...(goals.length > 0 ? { happenings: goals } : {}) },
  ];
  // Prices move with the score, and with the clock every ten minutes.
  if (scored || sim.state.elapsed % 10 === 0) events.push(...(await priceEvents(feed.betting, contestChances(feed, sim), own)));
  await feed.emit(events);
  return sim.state.finished;
}
