import { describe, expect, it } from 'vitest';
import { sessionLines, type CricketFormat } from './cricket-formats.ts';
import {
  bowl,
  drawProbability,
  homeWinProbability,
  isFinished,
  newCricketMatch,
  nextBall,
  outcomeOf,
  projectedTotal,
  sessionCall,
  type CricketState,
} from './cricket.ts';
import { seededRandom } from './random.ts';

/**
 * Each format scores as its cricket does (issue 20, ADR 38), and what prices from the model (the
 * opening session lines, the lines in play, the win and draw chances) agrees with how it plays.
 */
const TARGETS: Record<CricketFormat, { perOver: [number, number]; perWicket: [number, number] }> = {
  T20: { perOver: [7.5, 8.5], perWicket: [17, 23] },
  ODI: { perOver: [5.4, 6], perWicket: [30, 40] },
  FIRST_CLASS: { perOver: [3.1, 3.5], perWicket: [48, 60] },
  TEST: { perOver: [3.1, 3.5], perWicket: [48, 60] },
};
const MATCHES = 300;

describe.each(Object.keys(TARGETS) as CricketFormat[])('cricket scoring, %s, 300 seeded matches', (format) => {
  const random = seededRandom(2026);
  const played: { final: CricketState; halfway: number | null; matchId: number }[] = [];
  for (let k = 0; k < MATCHES; k++) {
    let state = newCricketMatch(format);
    let halfway: number | null = null;
    while (!isFinished(state)) {
      state = bowl(state, nextBall(random, format));
      if (!state.second && state.first.balls === state.first.limit / 2) halfway = projectedTotal(state.first);
    }
    played.push({ final: state, halfway, matchId: 40_000_000 + k });
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

  it('scores its runs an over and loses its wickets at its rate', () => {
    const innings = played.flatMap((p) => [p.final.first, p.final.second!]);
    const runs = innings.reduce((a, i) => a + i.runs, 0);
    const balls = innings.reduce((a, i) => a + i.balls, 0);
    const wickets = innings.reduce((a, i) => a + i.wickets, 0);
    const { perOver, perWicket } = TARGETS[format];
    expect((runs / balls) * 6).toBeGreaterThan(perOver[0]);
    expect((runs / balls) * 6).toBeLessThan(perOver[1]);
    expect(balls / wickets).toBeGreaterThan(perWicket[0]);
    expect(balls / wickets).toBeLessThan(perWicket[1]);
    if (format === 'FIRST_CLASS' || format === 'TEST') {
      // A day's innings: rarely all out before its 40th over.
      const early = played.filter((p) => p.final.first.wickets === 10 && p.final.first.balls < 240).length;
      expect(early / MATCHES).toBeLessThan(0.1);
    }
  });

  it('opens each session line near what it settles at: no line is a sure thing', () => {
    const names = sessionLines(format, 1, 'Home', 1).map((l) => l.name);
    for (const [n, name] of names.entries()) {
      const lines: number[] = [];
      const results: number[] = [];
      let yes = 0;
      for (const p of played) {
        const line = sessionLines(format, p.matchId, 'Home', 1)[n]!;
        expect(line.name).toBe(name);
        const call = sessionCall(p.final, name);
        expect(call.kind).toBe('result');
        const runs = call.kind === 'result' ? call.runs : 0;
        lines.push(line.line);
        results.push(runs);
        if (runs > line.line) yes++;
      }
      expect(Math.abs(mean(results) - mean(lines)), `${name}: settles at ${mean(results)}, opens at ${mean(lines)}`).toBeLessThan(0.15 * mean(lines));
      expect(yes / MATCHES, `${name}: YES wins`).toBeGreaterThan(0.25);
      expect(yes / MATCHES, `${name}: YES wins`).toBeLessThan(0.75);
    }
  });

  it('projects the innings in play at the rate it is played', () => {
    const halfway = played.filter((p) => p.halfway !== null);
    const projected = mean(halfway.map((p) => p.halfway!));
    const total = mean(halfway.map((p) => p.final.first.runs));
    expect(Math.abs(projected - total)).toBeLessThan(0.05 * total);
  });

  it('prices the match at the first ball as it comes out: the par is the format\'s, The Draw as often as drawn', () => {
    const start = newCricketMatch(format);
    const drawable = format === 'FIRST_CLASS' || format === 'TEST';
    const outcomes = played.map((p) => outcomeOf(p.final, drawable));
    const share = (o: string) => outcomes.filter((x) => x === o).length / MATCHES;
    // homeWinProbability is the chance the chase falls short: a home win or, in a drawable format, The Draw.
    expect(Math.abs(homeWinProbability(start) - (share('home') + share('draw')))).toBeLessThan(0.08);
    if (drawable) expect(Math.abs(drawProbability(start) - share('draw'))).toBeLessThan(0.08);
    // A par first innings leaves the match even; one well above it makes the home side favourite.
    let state = start;
    const r = seededRandom(5);
    while (state.first.balls < state.first.limit / 2) state = bowl(state, nextBall(r, format));
    const ahead = { ...state, first: { ...state.first, runs: projectedTotal(state.first) } };
    expect(homeWinProbability(ahead)).toBeGreaterThan(homeWinProbability(state));
  });
});
