/**
 * A T20 match ball by ball, pure: the state is what the score line shows, so a restarted server
 * picks a match up from `matches.score`. The home side (first named) bats first.
 *
 * Score line: "143/4 (16.2 ov)" in the first innings; "171/6 (20 ov) | 58/2 (7.4 ov)" in the second.
 */
import { weightedIndex, type Random } from './random.ts';

export const BALLS_PER_INNINGS = 120;
export const WICKETS = 10;

export interface Innings {
  runs: number;
  wickets: number;
  balls: number;
  /** Runs when the first wicket fell (null while none has). */
  firstWicketRuns: number | null;
}

export interface CricketState {
  first: Innings;
  /** Null until the first innings is over. */
  second: Innings | null;
}

export type BallOutcome = { kind: 'runs'; runs: number } | { kind: 'wicket' };

const fresh = (): Innings => ({ runs: 0, wickets: 0, balls: 0, firstWicketRuns: null });
export const newCricketMatch = (): CricketState => ({ first: fresh(), second: null });

const overs = (balls: number) => (balls % 6 === 0 ? `${balls / 6}` : `${Math.floor(balls / 6)}.${balls % 6}`);
const inningsText = (i: Innings) => `${i.runs}/${i.wickets} (${overs(i.balls)} ov)`;

export function scoreText(state: CricketState): string {
  return state.second ? `${inningsText(state.first)} | ${inningsText(state.second)}` : inningsText(state.first);
}

const INNINGS = /^(\d+)\/(\d+) \((\d+)(?:\.(\d))? ov\)$/;

function parseInnings(text: string): Innings | null {
  const m = INNINGS.exec(text.trim());
  if (!m) return null;
  const balls = Number(m[3]) * 6 + Number(m[4] ?? 0);
  const wickets = Number(m[2]);
  if (balls > BALLS_PER_INNINGS || wickets > WICKETS) return null;
  // The runs at the first wicket are not in the line; a restart takes the score as it stands.
  return { runs: Number(m[1]), wickets, balls, firstWicketRuns: wickets > 0 ? Number(m[1]) : null };
}

/** The state a score line stands for, or a new match when there is none or it is not ours. */
export function parseScore(score: string | null): CricketState {
  if (!score) return newCricketMatch();
  const [a, b] = score.split('|');
  const first = parseInnings(a ?? '');
  if (!first) return newCricketMatch();
  const second = b === undefined ? null : parseInnings(b);
  return { first, second };
}

export const inningsOver = (i: Innings) => i.balls >= BALLS_PER_INNINGS || i.wickets >= WICKETS;

export function isFinished(state: CricketState): boolean {
  if (!state.second) return false;
  return inningsOver(state.second) || state.second.runs > state.first.runs;
}

/** Dots, singles, twos, threes, fours, sixes, wickets: about 8.4 an over, a wicket every 4 overs. */
const OUTCOMES: BallOutcome[] = [
  { kind: 'runs', runs: 0 },
  { kind: 'runs', runs: 1 },
  { kind: 'runs', runs: 2 },
  { kind: 'runs', runs: 3 },
  { kind: 'runs', runs: 4 },
  { kind: 'runs', runs: 6 },
  { kind: 'wicket' },
];
const WEIGHTS = [33, 36, 9, 1, 11, 5, 5];

export function nextBall(random: Random): BallOutcome {
  return OUTCOMES[weightedIndex(random, WEIGHTS)]!;
}

/** The state after one ball (a new object; the innings changes over when it ends). */
export function bowl(state: CricketState, outcome: BallOutcome): CricketState {
  if (isFinished(state)) return state;
  const batting = state.second ?? state.first;
  const next: Innings = { ...batting, balls: batting.balls + 1 };
  if (outcome.kind === 'wicket') {
    next.wickets += 1;
    next.firstWicketRuns ??= next.runs;
  } else next.runs += outcome.runs;
  if (state.second) return { first: state.first, second: next };
  return { first: next, second: inningsOver(next) ? fresh() : null };
}

/** Runs per ball expected from here: about 1.45 with every wicket in hand, lower as they fall. */
const rate = (i: Innings) => 0.55 + (0.9 * (WICKETS - i.wickets)) / WICKETS;

/** The first innings' total projected from where it stands. */
export function projectedTotal(i: Innings, atBall = BALLS_PER_INNINGS): number {
  if (i.balls >= atBall || inningsOver(i)) return i.runs;
  return Math.round(i.runs + (atBall - i.balls) * rate(i));
}

/**
 * The home side's chance to win, from the projected first-innings total against a par of 165,
 * then from the runs still needed against the balls and wickets left.
 */
export function homeWinProbability(state: CricketState, strength = 0.5): number {
  let edge: number;
  if (!state.second) {
    edge = (projectedTotal(state.first) - 170) / 25 + (strength - 0.5) * 4;
  } else {
    const need = state.first.runs + 1 - state.second.runs;
    if (need <= 0) return 0.01;
    if (inningsOver(state.second)) return 0.99;
    const left = BALLS_PER_INNINGS - state.second.balls;
    const reachable = left * rate(state.second);
    // Runs off a ball vary with a spread of about 1.55, and wickets add to it over a long chase;
    // 1.7 turns a normal spread into a logistic one.
    edge = (1.7 * (need - reachable)) / (1.55 * Math.sqrt(left) + 0.05 * left + 1);
  }
  return Math.min(0.97, Math.max(0.03, 1 / (1 + Math.exp(-edge))));
}

/** Did the home side (batting first) win? Call once the match is finished. */
export const homeWon = (state: CricketState) => state.second !== null && state.second.runs <= state.first.runs;
