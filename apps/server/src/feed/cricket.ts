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
import { ballModel, ballsOf, BALL_RUNS, FORMATS, outlook, type CricketFormat } from './cricket-formats.ts';
import { weightedIndex, type Random } from './random.ts';

/** A T20 innings: the default (the format decides the overs and the scoring, cricket-formats.ts). */
export const BALLS_PER_INNINGS = 120;
export const WICKETS = 10;

/** One delivery as the log keeps it: the runs off it, or a wicket. */
export type Ball = 0 | 1 | 2 | 3 | 4 | 6 | 'W';

export interface Innings {
  /** Its format: the overs and the ball model (not stored: the match's series decides it). */
  format: CricketFormat;
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

const fresh = (format: CricketFormat): Innings => ({
  format,
  limit: ballsOf(format),
  runs: 0,
  wickets: 0,
  balls: 0,
  from: { runs: 0, wickets: 0, balls: 0 },
  log: [],
});
export const newCricketMatch = (format: CricketFormat = 'T20'): CricketState => ({ first: fresh(format), second: null });

const overs = (balls: number) => (balls % 6 === 0 ? `${balls / 6}` : `${Math.floor(balls / 6)}.${balls % 6}`);
const inningsText = (i: Innings) => `${i.runs}/${i.wickets} (${overs(i.balls)} ov)`;

/**
 * What a price chart marks for a ball (a wicket, a four, a six), with the batting side's score
 * after it: "Wicket: 87/3 (12.4)". `before` tells whose innings it was (the last ball of the first
 * innings already shows the chase begun in `after`).
 */
export function ballHappening(
  before: CricketState,
  after: CricketState,
  ball: BallOutcome,
): { kind: 'WICKET' | 'BOUNDARY'; text: string } | null {
  if (after === before) return null;
  const innings = before.second ? after.second! : after.first;
  const at = `${innings.runs}/${innings.wickets} (${overs(innings.balls)})`;
  if (ball.kind === 'wicket') return { kind: 'WICKET', text: `Wicket: ${at}` };
  if (ball.runs === 4) return { kind: 'BOUNDARY', text: `Four: ${at}` };
  if (ball.runs === 6) return { kind: 'BOUNDARY', text: `Six: ${at}` };
  return null;
}

export function scoreText(state: CricketState): string {
  return state.second ? `${inningsText(state.first)} | ${inningsText(state.second)}` : inningsText(state.first);
}

const INNINGS = /^(\d+)\/(\d+) \((\d+)(?:\.(\d))? ov\)$/;

function parseInnings(text: string, format: CricketFormat): Innings | null {
  const m = INNINGS.exec(text.trim());
  if (!m) return null;
  const limit = ballsOf(format);
  const balls = Number(m[3]) * 6 + Number(m[4] ?? 0);
  const wickets = Number(m[2]);
  if (balls > limit || wickets > WICKETS) return null;
  const at = { runs: Number(m[1]), wickets, balls };
  return { format, limit, ...at, from: at, log: [] };
}

/** The state a bare score line stands for (no log before it), or a new match when there is none or it is not ours. */
export function parseScore(score: string | null, format: CricketFormat = 'T20'): CricketState {
  if (!score) return newCricketMatch(format);
  const [a, b] = score.split('|');
  const first = parseInnings(a ?? '', format);
  if (!first) return newCricketMatch(format);
  const second = b === undefined ? null : parseInnings(b, format);
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

function replay(from: readonly number[], log: string, format: CricketFormat): Innings | null {
  const [runs, wickets, balls] = from;
  const limit = ballsOf(format);
  if (![runs, wickets, balls].every((n) => Number.isInteger(n) && n! >= 0) || balls! > limit) return null;
  let i: Innings = { format, limit, runs: runs!, wickets: wickets!, balls: balls!, from: { runs: runs!, wickets: wickets!, balls: balls! }, log: [] };
  for (const c of log) {
    if (!BALL_CHARS.has(c) || inningsOver(i)) return null;
    i = addBall(i, c === 'W' ? 'W' : (Number(c) as Ball));
  }
  return i;
}

/**
 * The state of a match from its row: the ball log when there is one (what the feed wrote with
 * the score), else the score line alone. The format is the match's series' (the record has none).
 */
export function restoreCricket(score: string | null, record: unknown, format: CricketFormat = 'T20'): CricketState {
  const innings = (record as Partial<CricketRecord> | null)?.cricket;
  if (Array.isArray(innings) && innings.length >= 1 && innings.length <= 2) {
    const parsed = innings.map((x: { from?: unknown; log?: unknown }) =>
      Array.isArray(x?.from) && typeof x.log === 'string' ? replay(x.from as number[], x.log, format) : null,
    );
    const [first, second] = parsed;
    // A second innings only after a first that is over, else the record is not ours.
    if (first && parsed.every((p) => p !== null) && (second === undefined || inningsOver(first)))
      return { first, second: second ?? null };
  }
  return parseScore(score, format);
}

// ---- play ---------------------------------------------------------------------------------------

export const inningsOver = (i: Innings) => i.balls >= i.limit || i.wickets >= WICKETS;

export function isFinished(state: CricketState): boolean {
  if (!state.second) return false;
  return inningsOver(state.second) || state.second.runs > state.first.runs;
}

/** Dots, singles, twos, threes, fours, sixes, wickets: weighted by the format (cricket-formats.ts, FORMATS). */
const OUTCOMES: BallOutcome[] = [...BALL_RUNS.map((runs) => ({ kind: 'runs' as const, runs })), { kind: 'wicket' }];

export function nextBall(random: Random, format: CricketFormat = 'T20'): BallOutcome {
  return OUTCOMES[weightedIndex(random, FORMATS[format].weights)]!;
}

function addBall(i: Innings, ball: Ball): Innings {
  const wicket = ball === 'W';
  return {
    format: i.format,
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
  return { first: next, second: inningsOver(next) ? fresh(next.format) : null };
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

/** The innings' total at ball `atBall` projected from where it stands, by its format's model. */
export function projectedTotal(i: Innings, atBall = i.limit): number {
  if (i.balls >= atBall || inningsOver(i)) return i.runs;
  return Math.round(i.runs + outlook(i.format, Math.min(atBall, i.limit) - i.balls, WICKETS - i.wickets).runs);
}

/** A normal chance as a logistic one (1.7 turns a normal spread into a logistic scale). */
const below = (x: number, spread: number) => 1 / (1 + Math.exp((-1.7 * x) / Math.max(1, spread)));

/**
 * The home side's chance to win. In the first innings, the projected total against the par of
 * its format (the model's expected innings total), spread by what is still to come in both
 * innings; in the chase, the runs still needed against what the balls and wickets left hold.
 */
export function homeWinProbability(state: CricketState, strength = 0.5): number {
  let chance: number;
  const first = state.first;
  if (!state.second) {
    const par = outlook(first.format, first.limit, WICKETS);
    const rest = inningsOver(first) ? 0 : outlook(first.format, first.limit - first.balls, WICKETS - first.wickets).spread;
    const projected = projectedTotal(first);
    chance = 1 / (1 + Math.exp(-(1.7 * (projected - par.runs)) / Math.hypot(rest, par.spread) - (strength - 0.5) * 4));
  } else {
    const chase = state.second;
    const need = first.runs + 1 - chase.runs;
    if (need <= 0) return 0.01;
    if (inningsOver(chase)) return 0.99;
    const left = outlook(chase.format, chase.limit - chase.balls, WICKETS - chase.wickets);
    chance = below(need - 0.5 - left.runs, left.spread);
  }
  return Math.min(0.97, Math.max(0.03, chance));
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
 * The chance of a draw in a drawable format, by its model: the chance that the chasers bat out
 * their overs without reaching the target (shrinking as their wickets fall or the target nears).
 */
export function drawProbability(state: CricketState): number {
  const { first, second } = state;
  const chase = second ?? fresh(first.format);
  // Before the chase the target is the first innings' projected total, give or take what is to come.
  const target = second ? first.runs : projectedTotal(first);
  const unsure = second || inningsOver(first) ? 0 : outlook(first.format, first.limit - first.balls, WICKETS - first.wickets).spread;
  const need = target + 1 - chase.runs;
  if (need <= 0 || chase.wickets >= WICKETS) return 0.01;
  // A draw: the chasers bat out their overs (not all out) and fall short. Batting them out, they
  // score at the runs of a ball that is not a wicket.
  const left = chase.limit - chase.balls;
  const m = ballModel(chase.format);
  const short = below(need - 0.5 - (left * m.runs) / (1 - m.wicket), Math.hypot(Math.sqrt(left * m.variance), unsure));
  return Math.min(0.9, Math.max(0.01, outlook(chase.format, left, WICKETS - chase.wickets).survive * short));
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
    return { kind: 'line', line: innings.runs + Math.max(1, Math.round(outlook(innings.format, innings.limit - innings.balls, 1).runs)) };
  }
  return { kind: 'open' };
}
