import { describe, expect, it } from 'vitest';
import { sessionLines } from './cricket-formats.ts';
import {
  BALLS_PER_INNINGS,
  bowl,
  homeWon,
  isFinished,
  newCricketMatch,
  nextBall,
  outcomeOf,
  parseScore,
  recordOf,
  restoreCricket,
  scoreText,
  sessionCall,
  type Ball,
  type CricketState,
} from './cricket.ts';
import { seededRandom, type Random } from './random.ts';

/** What one match settled: each line's figure, and who won. */
interface Played {
  final: CricketState;
  results: Map<string, number>;
  homeWon: boolean;
}

/**
 * A match played to the end the way the feed plays it (cricket-feed.ts, then match-feed.ts's finish):
 * after each ball every open line is asked what it does, the chasers' lines open at the innings
 * break, and at the end every line left is settled and the winner declared. With `restartAt`,
 * the process dies after that ball of the chase: the state is rebuilt from what the row holds
 * (score line and ball log, as JSON) and, as a dead process would, the lines that ball decided
 * are only looked at a few balls later.
 */
function play(matchName: string, matchId: number, random: Random, restartAt: number | null): Played {
  const [home, away] = matchName.split(' v ');
  let open = sessionLines('T20', matchId, home!, 1).map((l) => l.name);
  const results = new Map<string, number>();
  let state = newCricketMatch();
  let blindFor = 0;
  const look = () => {
    for (const name of open) {
      const call = sessionCall(state, name);
      if (call.kind === 'void') throw new Error(`${name} void in a match played from the first ball`);
      if (call.kind === 'result') results.set(name, call.runs);
    }
    open = open.filter((name) => !results.has(name));
  };
  while (!isFinished(state)) {
    const before = state;
    state = bowl(state, nextBall(random));
    if (restartAt !== null && state.second?.balls === restartAt) {
      const row = JSON.parse(JSON.stringify({ score: scoreText(state), feed_state: recordOf(state) }));
      state = restoreCricket(row.score, row.feed_state);
      blindFor = 4;
    }
    if (blindFor > 0) blindFor--;
    else look();
    if (!before.second && state.second) open.push(...sessionLines('T20', matchId, away!, 2).map((l) => l.name));
  }
  look();
  expect(open).toEqual([]);
  return { final: state, results, homeWon: homeWon(state) };
}

/** Runs after `balls` balls of a logged innings (its total when it ended sooner), counted here. */
const runsAfter = (log: readonly Ball[], balls: number) =>
  log.slice(0, balls).reduce<number>((sum, b) => sum + (b === 'W' ? 0 : b), 0);
const runsAtFirstWicket = (log: readonly Ball[]) => {
  const k = log.indexOf('W');
  return runsAfter(log, k < 0 ? log.length : k);
};

describe('cricket session lines and results, 200 seeded matches', () => {
  it('settles every line at the runs at its over (or first wicket) of its innings, from the ball log, and declares the winner by the final score, across restarts', () => {
    const outcomes = { chaseWon: 0, defended: 0, allOutFirst: 0, restarted: 0 };
    for (let seed = 1; seed <= 200; seed++) {
      const matchName = ['India v Australia', 'Mumbai Indians v Chennai Super Kings', 'Mumbai v Karnataka'][seed % 3]!;
      const [home, away] = matchName.split(' v ');
      const random = seededRandom(seed);
      // Every other match dies somewhere in the chase, on a decisive ball or near one.
      const restartAt = seed % 2 === 0 ? [6, 36, 37, 55, 60, 61, 90][seed % 7]! : null;
      const { final, results, homeWon: homeDeclared } = play(matchName, 30_000_000 + seed, random, restartAt);
      const first = final.first;
      const chase = final.second!;
      // The log is whole: every ball from the first, one entry each.
      expect(first.from).toEqual({ runs: 0, wickets: 0, balls: 0 });
      expect(chase.from).toEqual({ runs: 0, wickets: 0, balls: 0 });
      expect([first.log.length, chase.log.length]).toEqual([first.balls, chase.balls]);
      expect([runsAfter(first.log, first.balls), runsAfter(chase.log, chase.balls)]).toEqual([first.runs, chase.runs]);

      expect(Object.fromEntries(results)).toEqual({
        [`${home} 6 Over Runs`]: runsAfter(first.log, 36),
        [`${home} 20 Over Runs`]: runsAfter(first.log, 120),
        [`Fall of 1st Wkt ${home}`]: runsAtFirstWicket(first.log),
        // The chasers get the same lines as the side batting first (one rule per format).
        [`${away} 6 Over Runs (2nd inns)`]: runsAfter(chase.log, 36),
        [`${away} 20 Over Runs (2nd inns)`]: runsAfter(chase.log, 120),
        [`Fall of 1st Wkt ${away} (2nd inns)`]: runsAtFirstWicket(chase.log),
      });

      // The winner by the final score line: the chasers only by passing the total (a tie goes
      // to the side batting first, ADR 20); the chase stops once passed, all out or 20 overs.
      const chaseWon = chase.runs > first.runs;
      expect(homeDeclared).toBe(!chaseWon);
      expect(chaseWon || chase.balls === BALLS_PER_INNINGS || chase.wickets === 10).toBe(true);
      if (chaseWon) expect(chase.runs - runsAfter(chase.log, chase.balls - 1)).toBeGreaterThan(0);
      outcomes.chaseWon += chaseWon ? 1 : 0;
      outcomes.defended += chaseWon ? 0 : 1;
      outcomes.allOutFirst += first.wickets === 10 ? 1 : 0;
      outcomes.restarted += restartAt !== null && chase.balls >= restartAt ? 1 : 0;
    }
    // Both results, innings cut short and restarts all occur among the 200.
    expect(outcomes.chaseWon).toBeGreaterThan(20);
    expect(outcomes.defended).toBeGreaterThan(20);
    expect(outcomes.allOutFirst).toBeGreaterThan(0);
    expect(outcomes.restarted).toBeGreaterThan(50);
  });

  it('plays a first-class match in 90-over innings: its lines follow the rules minimums, a chase out of overs is a draw', () => {
    const names = sessionLines('FIRST_CLASS', 1, 'Mumbai', 1).map((l) => l.name);
    expect(names).toEqual(['Mumbai 30 Over Runs (session)', 'Mumbai 90 Over Runs (Day 1)', 'Mumbai Lambi', 'Fall of 1st Wkt Mumbai']);
    expect(sessionLines('FIRST_CLASS', 1, 'Karnataka', 2).map((l) => l.name)).toEqual([
      'Karnataka 30 Over Runs (session) (2nd inns)',
      'Karnataka Lambi (2nd inns)',
      'Fall of 1st Wkt Karnataka (2nd inns)',
    ]);
    // Played ball by ball, an innings goes past a T20's 20 overs unless bowled out.
    let state = newCricketMatch('FIRST_CLASS');
    const random = seededRandom(7);
    while (!state.second) state = bowl(state, nextBall(random, 'FIRST_CLASS'));
    expect(state.first.balls > 120 || state.first.wickets === 10).toBe(true);

    // Time runs out on the chase with wickets in hand: a draw (a T20 would go to the side batting first).
    const drawn = parseScore('310/10 (85 ov) | 240/6 (90 ov)', 'FIRST_CLASS');
    expect(isFinished(drawn)).toBe(true);
    expect([outcomeOf(drawn, true), outcomeOf(drawn, false)]).toEqual(['draw', 'home']);
    expect(outcomeOf(parseScore('310/10 (85 ov) | 200/10 (70 ov)', 'FIRST_CLASS'), true)).toBe('home');
    // The chase won in 60 overs: the lambi (70 overs minimum) is void, the session (25) stands.
    const won = parseScore('310/10 (85 ov) | 311/3 (60 ov)', 'FIRST_CLASS');
    expect(outcomeOf(won, true)).toBe('away');
    expect(sessionCall(won, 'Karnataka Lambi (2nd inns)')).toEqual({ kind: 'void' });
    expect(sessionCall(parseScore('310/10 (85 ov) | 20/0 (3 ov)', 'FIRST_CLASS'), 'Karnataka 30 Over Runs (session) (2nd inns)')).toMatchObject({ kind: 'line' });
    // All out in 50 overs: the first day's total (80 minimum) settles at the total, as does the lambi.
    const allOut = parseScore('180/10 (50 ov) | 0/0 (0 ov)', 'FIRST_CLASS');
    expect(sessionCall(allOut, 'Mumbai 90 Over Runs (Day 1)')).toEqual({ kind: 'result', runs: 180 });
    expect(sessionCall(allOut, 'Mumbai Lambi')).toEqual({ kind: 'result', runs: 180 });
  });

  it('voids a line whose figure fell before the log began (a match picked up from a bare score line)', () => {
    const state = restoreCricket('64/2 (8 ov)', null);
    expect(sessionCall(state, 'Fall of 1st Wkt India')).toEqual({ kind: 'void' });
    expect(sessionCall(state, 'India 6 Over Runs')).toEqual({ kind: 'void' });
    expect(sessionCall(state, 'India 20 Over Runs')).toMatchObject({ kind: 'line' });
  });
});
