/**
 * A cricket match ball by ball, pure, in its format's overs (cricket-formats.ts): one innings a
 * side, the home side (first named) batting first.
 *
 * Two records of a match are kept on its row: the score line users read ("143/4 (16.2 ov)" in
 * the first innings; "171/6 (20 ov) | 58/2 (7.4 ov)" in the second) and the ball log of each
 * innings (`matches.feed_state`), written together. Session lines settle from the log (the runs
 * after the sixth over, at the first wicket), never from the score as it stands when the feed
 * gets round to them, so a line looked at late (a slow step, a restart, a line created after
 * the innings began) still settles on the right number.
 */
import { weightedIndex, type Random } from './random.ts';

/** A T20 innings: the default limit (the format decides it, cricket-formats.ts). */
export const BALLS_PER_INNINGS = 120;
export const WICKETS = 10;

/** One delivery as the log keeps it: the runs off it, or a wicket. */
export type Ball = 0 | 1 | 2 | 3 | 4 | 6 | 'W';

export interface Innings {
  /** Balls the innings may last (its format's overs). */
  limit: number;
  runs: number;
  wickets: number;
  balls: number;
  /**
   * Where the log begins: 0/0 after no balls, unless the innings was picked up from a bare score
   * line (the seed's matches in play), whose earlier balls nobody knows.
   */
  from: { runs: number; wickets: number; balls: number };
  /** Every ball since `from`, in order. */
  log: Ball[];
}

export interface CricketState {
  first: Innings;
  /** Null until the first innings is over. */
  second: Innings | null;
}

export type BallOutcome = { kind: 'runs'; runs: number } | { kind: 'wicket' };

const fresh = (limit: number): Innings => ({ limit, runs: 0, wickets: 0, balls: 0, from: { runs: 0, wickets: 0, balls: 0 }, log: [] });
export const newCricketMatch = (limit = BALLS_PER_INNINGS): CricketState => ({ first: fresh(limit), second: null });

const overs = (balls: number) => (balls % 6 === 0 ? `${balls / 6}` : `${Math.floor(balls / 6)}.${balls % 6}`);
const inningsText = (i: Innings) => `${i.runs}/${i.wickets} (${overs(i.balls)} ov)`;

export function scoreText(state: CricketState): string {
  return state.second ? `${inningsText(state.first)} | ${inningsText(state.second)}` : inningsText(state.first);
}

const INNINGS = /^(\d+)\/(\d+) \((\d+)(?:\.(\d))? ov\)$/;

function parseInnings(text: string, limit: number): Innings | null {
  const m = INNINGS.exec(text.trim());
  if (!m) return null;
  const balls = Number(m[3]) * 6 + Number(m[4] ?? 0);
  const wickets = Number(m[2]);
  if (balls > limit || wickets > WICKETS) return null;
  const at = { runs: Number(m[1]), wickets, balls };
  return { limit, ...at, from: at, log: [] };
}

/** The state a bare score line stands for (no log before it), or a new match when there is none or it is not ours. */
export function parseScore(score: string | null, limit = BALLS_PER_INNINGS): CricketState {
  if (!score) return newCricketMatch(limit);
  const [a, b] = score.split('|');
  const first = parseInnings(a ?? '', limit);
  if (!first) return newCricketMatch(limit);
  const second = b === undefined ? null : parseInnings(b, limit);
  return { first, second };
}

// ---- the ball log as stored ----------------------------------------------------------------------

/** `matches.feed_state` of a cricket match: per innings, where its log begins and the log ("01W4..."). */
export interface CricketRecord {
  cricket: { from: [runs: number, wickets: number, balls: number]; log: string }[];
}

export function recordOf(state: CricketState): CricketRecord {
  const one = (i: Innings) => ({ from: [i.from.runs, i.from.wickets, i.from.balls] as [number, number, number], log: i.log.join('') });
  return { cricket: state.second ? [one(state.first), one(state.second)] : [one(state.first)] };
}

const BALL_CHARS = new Set(['0', '1', '2', '3', '4', '6', 'W']);

function replay(from: readonly number[], log: string, limit: number): Innings | null {
  const [runs, wickets, balls] = from;
  if (![runs, wickets, balls].every((n) => Number.isInteger(n) && n! >= 0) || balls! > limit) return null;
  let i: Innings = { limit, runs: runs!, wickets: wickets!, balls: balls!, from: { runs: runs!, wickets: wickets!, balls: balls! }, log: [] };
  for (const c of log) {
    if (!BALL_CHARS.has(c) || inningsOver(i)) return null;
    i = addBall(i, c === 'W' ? 'W' : (Number(c) as Ball));
  }
  return i;
}

/**
 * The state of a match from its row: the ball log when there is one (what the feed wrote with
 * the score), else the score line alone.
 */
export function restoreCricket(score: string | null, record: unknown, limit = BALLS_PER_INNINGS): CricketState {
  const innings = (record as Partial<CricketRecord> | null)?.cricket;
  if (Array.isArray(innings) && innings.length >= 1 && innings.length <= 2) {
    const parsed = innings.map((x: { from?: unknown; log?: unknown }) =>
      Array.isArray(x?.from) && typeof x.log === 'string' ? replay(x.from as number[], x.log, limit) : null,
    );
    const [first, second] = parsed;
    // A second innings only after a first that is over, else the record is not ours.
    if (first && parsed.every((p) => p !== null) && (second === undefined || inningsOver(first)))
      return { first, second: second ?? null };
  }
  return parseScore(score, limit);
}

// ---- play ---------------------------------------------------------------------------------------

export const inningsOver = (i: Innings) => i.balls >= i.limit || i.wickets >= WICKETS;

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

function addBall(i: Innings, ball: Ball): Innings {
  const wicket = ball === 'W';
  return {
    limit: i.limit,
    runs: i.runs + (wicket ? 0 : ball),
    wickets: i.wickets + (wicket ? 1 : 0),
    balls: i.balls + 1,
    from: i.from,
    log: [...i.log, ball],
  };
}

/** The state after one ball (a new object; the innings changes over when it ends). */
export function bowl(state: CricketState, outcome: BallOutcome): CricketState {
  if (isFinished(state)) return state;
  const ball: Ball = outcome.kind === 'wicket' ? 'W' : (outcome.runs as Ball);
  if (state.second) return { first: state.first, second: addBall(state.second, ball) };
  const next = addBall(state.first, ball);
  return { first: next, second: inningsOver(next) ? fresh(next.limit) : null };
}

// ---- what the log says --------------------------------------------------------------------------

/** Runs after `ball` balls of the innings (all of them once it ended sooner); null before the log begins. */
export function runsAfter(i: Innings, ball: number): number | null {
  if (ball >= i.balls) return i.runs;
  if (ball < i.from.balls) return null;
  let runs = i.from.runs;
  for (const b of i.log.slice(0, ball - i.from.balls)) if (b !== 'W') runs += b;
  return runs;
}

/** Runs when the first wicket fell; 'none' while none has, 'unknown' when it fell before the log. */
export function firstWicketRuns(i: Innings): number | 'none' | 'unknown' {
  if (i.from.wickets > 0) return 'unknown';
  let runs = i.from.runs;
  for (const b of i.log) {
    if (b === 'W') return runs;
    runs += b;
  }
  return 'none';
}

// ---- prices -------------------------------------------------------------------------------------

/** Runs per ball expected from here: about 1.45 with every wicket in hand, lower as they fall. */
const rate = (i: Innings) => 0.55 + (0.9 * (WICKETS - i.wickets)) / WICKETS;

/** The innings' total at ball `atBall` projected from where it stands. */
export function projectedTotal(i: Innings, atBall = i.limit): number {
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
    // Par and spread grow with the innings' length (170 and 25 in a T20).
    const scale = state.first.limit / BALLS_PER_INNINGS;
    edge = (projectedTotal(state.first) - 170 * scale) / (25 * Math.sqrt(scale)) + (strength - 0.5) * 4;
  } else {
    const need = state.first.runs + 1 - state.second.runs;
    if (need <= 0) return 0.01;
    if (inningsOver(state.second)) return 0.99;
    const left = state.second.limit - state.second.balls;
    const reachable = left * rate(state.second);
    // Runs off a ball vary with a spread of about 1.55, and wickets add to it over a long chase;
    // 1.7 turns a normal spread into a logistic one.
    edge = (1.7 * (need - reachable)) / (1.55 * Math.sqrt(left) + 0.05 * left + 1);
  }
  return Math.min(0.97, Math.max(0.03, 1 / (1 + Math.exp(-edge))));
}

// ---- results ------------------------------------------------------------------------------------

/**
 * Did the home side (batting first) win? Call once the match is finished. The chasers win by
 * passing the first innings' total; a tie goes to the side batting first (no super over, ADR 20).
 */
export const homeWon = (state: CricketState) => state.second !== null && state.second.runs <= state.first.runs;

/**
 * How a finished match ended. In a drawable format (first-class, Test) a chase that runs out of
 * time (its overs bowled, wickets in hand, short of the target) is a draw; otherwise as homeWon.
 */
export function outcomeOf(state: CricketState, drawable: boolean): 'home' | 'away' | 'draw' {
  const chase = state.second;
  if (chase && drawable && chase.runs <= state.first.runs && chase.wickets < WICKETS) return 'draw';
  return homeWon(state) ? 'home' : 'away';
}

/**
 * The chance of a draw in a drawable format: about a quarter before the chase, then shrinking as
 * the chasers' wickets fall (all out is a result) or the target comes near.
 */
export function drawProbability(state: CricketState): number {
  const chase = state.second;
  if (!chase) return 0.25;
  const need = state.first.runs + 1 - chase.runs;
  if (need <= 0 || chase.wickets >= WICKETS) return 0.01;
  const left = chase.limit - chase.balls;
  const reachable = left * rate(chase);
  return Math.min(0.9, Math.max(0.01, ((WICKETS - chase.wickets) / WICKETS) * Math.min(1, need / Math.max(1, reachable)) * 0.5));
}

/**
 * "Mumbai 6 Over Runs", "Chennai 10 Over Runs (2nd inns)", "Mumbai 30 Over Runs (session)": the
 * overs of an over-runs line, and the label of a long format's line with a minimum.
 */
const OVER_RUNS = / (\d+) Over Runs(?: \((session|Day 1)\))?(?: \(2nd inns\))?$/;
const LAMBI = / Lambi(?: \(2nd inns\))?$/;
const FIRST_WICKET = /^Fall of 1st Wkt /;
const SECOND_INNINGS = /\(2nd inns\)$/;
/** The rules' minimum overs (first-class and Test): a session 25, the first day's total 80, the lambi 70. */
const MINIMUM_OVERS: Record<string, number> = { session: 25, 'Day 1': 80, lambi: 70 };

/** Closed before the line's minimum overs were bowled, and not all out: the line is void (the rules' minimums). */
const short = (i: Innings, minimumOvers: number | undefined) =>
  minimumOvers !== undefined && i.balls < minimumOvers * 6 && i.wickets < WICKETS;

/** What a session line does now: settle at a run total, void, move to a new line, or just reopen. */
export type SessionCall =
  | { kind: 'result'; runs: number }
  | { kind: 'void' }
  | { kind: 'line'; line: number }
  | { kind: 'open' };

/**
 * A session (fancy) line of a match in this state, by the line's name. Over runs settle at the
 * runs after that over of that innings, or at the innings' total when it ends sooner (all out,
 * the chase won); the first wicket at the runs when it fell, or the innings' total when none
 * falls. The figures come from the ball log, so the answer is the same whenever it is asked
 * after the line is decided. A figure from before the log began is unknown: the line is void.
 */
export function sessionCall(state: CricketState, name: string): SessionCall {
  const secondInnings = SECOND_INNINGS.test(name);
  const innings = secondInnings ? state.second : state.first;
  // The innings is closed when it is over or the match is (the chase won).
  const closed = secondInnings ? isFinished(state) : state.second !== null;
  const overs = OVER_RUNS.exec(name);
  if (overs) {
    if (!innings) return { kind: 'open' };
    const balls = Number(overs[1]) * 6;
    if (innings.balls >= balls || closed) {
      if (innings.balls < balls && short(innings, MINIMUM_OVERS[overs[2] ?? ''])) return { kind: 'void' };
      const runs = runsAfter(innings, balls);
      return runs === null ? { kind: 'void' } : { kind: 'result', runs };
    }
    return { kind: 'line', line: projectedTotal(innings, balls) };
  }
  if (LAMBI.test(name)) {
    if (!innings) return { kind: 'open' };
    if (!closed) return { kind: 'line', line: projectedTotal(innings) };
    if (short(innings, MINIMUM_OVERS.lambi)) return { kind: 'void' };
    return { kind: 'result', runs: innings.runs };
  }
  if (FIRST_WICKET.test(name)) {
    if (!innings) return { kind: 'open' };
    const fell = firstWicketRuns(innings);
    if (fell === 'unknown') return { kind: 'void' };
    if (fell !== 'none') return { kind: 'result', runs: fell };
    if (closed) return { kind: 'result', runs: innings.runs };
    return { kind: 'line', line: innings.runs + Math.max(4, Math.round(18 * (1 - innings.balls / innings.limit))) };
  }
  return { kind: 'open' };
}
