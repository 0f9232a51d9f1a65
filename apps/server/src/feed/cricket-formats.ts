/**
 * Cricket formats (issue 20, ADR 38): each series plays one (catalog-data.ts), which decides the
 * innings' overs, whether The Draw is a runner, and the session (fancy) lines of every innings.
 * The same format always gets the same lines: the side batting first gets its lines with the
 * match's markets, the chasers theirs at the innings break.
 */
import { hash } from './market-maker.ts';

export type CricketFormat = 'T20' | 'ODI' | 'FIRST_CLASS' | 'TEST';

/** Runs off a ball in `BALL_WEIGHTS` order; the last weight is a wicket's. */
export const BALL_RUNS = [0, 1, 2, 3, 4, 6] as const;

interface FormatRules {
  /** Overs an innings may last: the day's play of a long format, in the demo (one innings a side). */
  overs: number;
  /** A first-class or Test match that runs out of time is drawn: The Draw is a runner. */
  drawable: boolean;
  /** The ball model: weights of a dot, 1, 2, 3, 4, 6 and a wicket (cricket.ts, nextBall). */
  weights: readonly number[];
}

/**
 * The scoring model of each format (ADR 38): a T20 about 7.9 an over with a wicket every 20
 * balls; an ODI 5.8 an over, a wicket every 36 balls (about 280 in 50 overs, not always all
 * out); first-class and Test 3.4 an over, a wicket every 55 balls (about 60% dots).
 */
export const FORMATS: Record<CricketFormat, FormatRules> = {
  T20: { overs: 20, drawable: false, weights: [33, 36, 9, 1, 11, 5, 5] },
  ODI: { overs: 50, drawable: false, weights: [152, 130, 30, 3, 30, 5, 10] },
  FIRST_CLASS: { overs: 90, drawable: true, weights: [324, 165, 27, 4, 19, 1, 10] },
  TEST: { overs: 90, drawable: true, weights: [324, 165, 27, 4, 19, 1, 10] },
};

export const ballsOf = (format: CricketFormat) => FORMATS[format].overs * 6;

/** A format's figures per ball: runs expected, their variance, and the chance of a wicket. */
export interface BallModel {
  runs: number;
  variance: number;
  wicket: number;
}

const models = new Map<CricketFormat, BallModel>();
export function ballModel(format: CricketFormat): BallModel {
  let m = models.get(format);
  if (!m) {
    const w = FORMATS[format].weights;
    const total = w.reduce((a, b) => a + b, 0);
    const runs = BALL_RUNS.reduce<number>((sum, r, k) => sum + (r * w[k]!) / total, 0);
    const square = BALL_RUNS.reduce<number>((sum, r, k) => sum + (r * r * w[k]!) / total, 0);
    m = { runs, variance: square - runs * runs, wicket: w[BALL_RUNS.length]! / total };
    models.set(format, m);
  }
  return m;
}

/** What the rest of an innings holds, by the model: balls bowled (mean and spread) and the chance to bat them all. */
export interface Outlook {
  runs: number;
  /** Spread (standard deviation) of those runs. */
  spread: number;
  balls: number;
  /** The chance that all `left` balls are bowled (not all out). */
  survive: number;
}

/**
 * The runs expected off the next `left` balls with `wickets` in hand: the format's runs a ball
 * times the balls expected before the last wicket falls (each ball a wicket at the model's chance).
 */
export function outlook(format: CricketFormat, left: number, wickets: number): Outlook {
  const m = ballModel(format);
  // fallen[k]: the chance that k of the wickets in hand have fallen so far (k < wickets: batting on).
  let fallen = Array.from<unknown, number>({ length: Math.max(0, wickets) }, (_, k) => (k === 0 ? 1 : 0));
  let balls = 0;
  let squares = 0;
  let alive = wickets > 0 ? 1 : 0;
  for (let j = 0; j < left && alive > 1e-9; j++) {
    balls += alive;
    squares += (2 * j + 1) * alive;
    fallen = fallen.map((f, k) => f * (1 - m.wicket) + (k > 0 ? fallen[k - 1]! * m.wicket : 0));
    alive = fallen.reduce((a, b) => a + b, 0);
  }
  const ballSpread = Math.max(0, squares - balls * balls);
  return {
    runs: m.runs * balls,
    spread: Math.sqrt(balls * m.variance + m.runs * m.runs * ballSpread),
    balls,
    survive: left > 0 ? alive : 1,
  };
}

export interface SessionLine {
  name: string;
  line: number;
}

/**
 * The session lines of one innings (1: the side batting first, 2: the chasers, "(2nd inns)").
 * Limited overs: the powerplay's runs (6 overs of a T20, 10 of an ODI), the innings' full overs
 * and the fall of the first wicket. First-class and Test follow the rules' minimums: a session
 * (30 overs, void under 25), the first day's total (90 overs, void under 80; first innings), the
 * lambi (the innings' runs, void under 70) and the fall of the first wicket.
 */
export function sessionLines(format: CricketFormat, matchId: number, team: string, innings: 1 | 2): SessionLine[] {
  const suffix = innings === 2 ? ' (2nd inns)' : '';
  const h = (salt: number) => hash(matchId * salt + innings);
  // Each line opens near the model's expectation for it, give or take a twentieth (a match's form).
  const near = (expected: number, salt: number) => {
    const swing = Math.max(2, Math.round(expected / 20));
    return Math.round(expected) - swing + (h(salt) % (2 * swing + 1));
  };
  const overRuns = (overs: number) => outlook(format, overs * 6, 10).runs;
  const wicket = { name: `Fall of 1st Wkt ${team}${suffix}`, line: near(outlook(format, ballsOf(format), 1).runs, 13) };
  switch (format) {
    case 'T20':
      return [
        { name: `${team} 6 Over Runs${suffix}`, line: near(overRuns(6), 1) },
        { name: `${team} 20 Over Runs${suffix}`, line: near(overRuns(20), 7) },
        wicket,
      ];
    case 'ODI':
      return [
        { name: `${team} 10 Over Runs${suffix}`, line: near(overRuns(10), 1) },
        { name: `${team} 50 Over Runs${suffix}`, line: near(overRuns(50), 7) },
        wicket,
      ];
    case 'FIRST_CLASS':
    case 'TEST':
      return [
        { name: `${team} 30 Over Runs (session)${suffix}`, line: near(overRuns(30), 1) },
        ...(innings === 1 ? [{ name: `${team} 90 Over Runs (Day 1)`, line: near(overRuns(90), 5) }] : []),
        { name: `${team} Lambi${suffix}`, line: near(overRuns(90), 7) },
        wicket,
      ];
  }
}
