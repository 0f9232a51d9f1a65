/**
 * Matches of the other sports, pure. Two shapes cover them:
 * - on the clock (football, kabaddi, basketball, ice hockey): each simulated minute both sides
 *   may score; football can end level (The Draw), the others play a decider;
 * - first to N (tennis sets, volleyball sets, table tennis games, snooker frames, e-sports maps):
 *   each period exactly one side takes it.
 * The state is the score line, so a restarted server carries on: "2 - 1 (63')" or "1 - 0".
 */
import { SPORT_ID as SPORT } from './catalog-data.ts';
import { type Random } from './random.ts';

export type ContestRules =
  | { shape: 'clock'; minutes: number; perSideRate: number; draw: boolean; unit: string }
  | { shape: 'first-to'; target: number; unit: string };

const RULES: Record<number, ContestRules> = {
  [SPORT.FOOTBALL]: { shape: 'clock', minutes: 90, perSideRate: 0.0145, draw: true, unit: 'goals' },
  [SPORT.KABADDI]: { shape: 'clock', minutes: 40, perSideRate: 0.9, draw: false, unit: 'points' },
  [SPORT.BASKETBALL]: { shape: 'clock', minutes: 48, perSideRate: 2.3, draw: false, unit: 'points' },
  [SPORT.ICE_HOCKEY]: { shape: 'clock', minutes: 60, perSideRate: 0.05, draw: false, unit: 'goals' },
  [SPORT.TENNIS]: { shape: 'first-to', target: 2, unit: 'sets' },
  [SPORT.VOLLEYBALL]: { shape: 'first-to', target: 3, unit: 'sets' },
  [SPORT.TABLE_TENNIS]: { shape: 'first-to', target: 3, unit: 'games' },
  [SPORT.SNOOKER]: { shape: 'first-to', target: 6, unit: 'frames' },
  [SPORT.E_GAMES]: { shape: 'first-to', target: 2, unit: 'maps' },
};
const DEFAULT_RULES: ContestRules = { shape: 'first-to', target: 2, unit: 'sets' };

export const contestRules = (sportId: number): ContestRules => RULES[sportId] ?? DEFAULT_RULES;

export interface ContestState {
  home: number;
  away: number;
  /** Simulated minutes played (clock) or periods played (first to N). */
  elapsed: number;
  finished: boolean;
}

export const newContest = (): ContestState => ({ home: 0, away: 0, elapsed: 0, finished: false });

export function contestScore(rules: ContestRules, s: ContestState): string {
  const base = `${s.home} - ${s.away}`;
  if (rules.shape === 'clock') return s.finished ? `${base} (FT)` : `${base} (${s.elapsed}')`;
  return s.finished ? `${base} (${rules.unit}, final)` : `${base} (${rules.unit})`;
}

/**
 * The goals a price chart marks from one beat, each with the score it made and the minute:
 * "Goal: 1-0 (34')". Sports scored in goals only (a basketball minute is no event).
 */
export function goalsScored(rules: ContestRules, before: ContestState, after: ContestState): { kind: 'GOAL'; text: string }[] {
  if (rules.shape !== 'clock' || rules.unit !== 'goals') return [];
  const out: { kind: 'GOAL'; text: string }[] = [];
  let { home, away } = before;
  const goal = () => out.push({ kind: 'GOAL', text: `Goal: ${home}-${away} (${after.elapsed}')` });
  // Which side scored first within one minute is not known: the home side's are told first.
  while (home < after.home) {
    home += 1;
    goal();
  }
  while (away < after.away) {
    away += 1;
    goal();
  }
  return out;
}

const SCORE = /^(\d+) - (\d+) \((?:(\d+)'|FT|[a-z]+(, final)?)\)$/;

export function parseContest(rules: ContestRules, score: string | null): ContestState {
  const m = score ? SCORE.exec(score.trim()) : null;
  if (!m) return newContest();
  const home = Number(m[1]);
  const away = Number(m[2]);
  const finished = score!.includes('FT') || m[4] !== undefined;
  const elapsed = rules.shape === 'clock' ? (finished ? rules.minutes : Number(m[3] ?? 0)) : home + away;
  return { home, away, elapsed, finished };
}

/** A count of points in one minute at an average of `rate` (Poisson, small rates exact enough). */
function pointsIn(random: Random, rate: number): number {
  let n = 0;
  let p = Math.exp(-rate);
  let cumulative = p;
  const r = random();
  while (r > cumulative && n < 20) {
    n += 1;
    p = (p * rate) / n;
    cumulative += p;
  }
  return n;
}

/**
 * One simulated minute (or period). `strength` is the home side's share of the scoring (0.5 even).
 */
export function playOn(rules: ContestRules, s: ContestState, random: Random, strength: number): ContestState {
  if (s.finished) return s;
  if (rules.shape === 'first-to') {
    const homeTakes = random() < strength;
    const next = { ...s, home: s.home + (homeTakes ? 1 : 0), away: s.away + (homeTakes ? 0 : 1), elapsed: s.elapsed + 1 };
    return { ...next, finished: Math.max(next.home, next.away) >= rules.target };
  }
  const next = {
    ...s,
    home: s.home + pointsIn(random, rules.perSideRate * 2 * strength),
    away: s.away + pointsIn(random, rules.perSideRate * 2 * (1 - strength)),
    elapsed: s.elapsed + 1,
  };
  if (next.elapsed < rules.minutes) return next;
  // Level at the end where no draw is offered: a decider (extra time, golden raid, shoot-out).
  if (!rules.draw && next.home === next.away) {
    if (random() < strength) next.home += 1;
    else next.away += 1;
  }
  return { ...next, finished: true };
}

export type Outcome = 'home' | 'away' | 'draw';

export function outcomeOf(s: ContestState): Outcome {
  return s.home > s.away ? 'home' : s.away > s.home ? 'away' : 'draw';
}

/**
 * [home, away, draw] chances from here, by playing the rest of the match `runs` times with a
 * generator of its own (so the same state always gives the same prices).
 */
export function contestProbabilities(
  rules: ContestRules,
  s: ContestState,
  strength: number,
  random: Random,
  runs = 400,
): [number, number, number] {
  if (s.finished) {
    const o = outcomeOf(s);
    return [o === 'home' ? 1 : 0, o === 'away' ? 1 : 0, o === 'draw' ? 1 : 0];
  }
  const wins = [0, 0, 0];
  for (let k = 0; k < runs; k++) {
    let t = s;
    while (!t.finished) t = playOn(rules, t, random, strength);
    wins[['home', 'away', 'draw'].indexOf(outcomeOf(t))]! += 1;
  }
  return [wins[0]! / runs, wins[1]! / runs, wins[2]! / runs];
}
