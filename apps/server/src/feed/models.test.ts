import { describe, expect, it } from 'vitest';
import { SPORT_ID } from './catalog-data.ts';
import {
  BALLS_PER_INNINGS,
  bowl,
  homeWinProbability,
  homeWon,
  isFinished,
  newCricketMatch,
  nextBall,
  parseScore,
  scoreText,
} from './cricket.ts';
import { contestProbabilities, contestRules, contestScore, outcomeOf, parseContest, playOn, newContest } from './contest.ts';
import { drawFinish, drawNonRunner } from './racing.ts';
import { seededRandom } from './random.ts';

describe('cricket model', () => {
  it('plays a whole T20 ball by ball: the score line round-trips and the innings change over', () => {
    const random = seededRandom(42);
    let state = newCricketMatch();
    let balls = 0;
    while (!isFinished(state)) {
      state = bowl(state, nextBall(random));
      balls++;
      const again = parseScore(scoreText(state));
      expect({ first: again.first.runs, wickets: again.first.wickets, balls: again.first.balls }).toEqual({
        first: state.first.runs,
        wickets: state.first.wickets,
        balls: state.first.balls,
      });
      expect(again.second?.runs).toBe(state.second?.runs);
      expect(again.second?.balls).toBe(state.second?.balls);
    }
    expect(balls).toBeLessThanOrEqual(2 * BALLS_PER_INNINGS);
    expect(state.first.balls === BALLS_PER_INNINGS || state.first.wickets === 10).toBe(true);
    // The chase ends when it passes the target, runs out of balls or of wickets.
    const chase = state.second!;
    expect(chase.runs > state.first.runs || chase.balls === BALLS_PER_INNINGS || chase.wickets === 10).toBe(true);
    expect(homeWon(state)).toBe(chase.runs <= state.first.runs);
  });

  it('scores about 8 an over with a wicket every few overs over many innings', () => {
    const random = seededRandom(7);
    let runs = 0;
    let wickets = 0;
    let balls = 0;
    for (let k = 0; k < 10_000; k++) {
      const b = nextBall(random);
      balls++;
      if (b.kind === 'wicket') wickets++;
      else runs += b.runs;
    }
    expect((runs / balls) * 6).toBeGreaterThan(7);
    expect((runs / balls) * 6).toBeLessThan(10);
    expect(balls / 6 / wickets).toBeGreaterThan(2.5);
    expect(balls / 6 / wickets).toBeLessThan(5);
  });

  it('makes the chasing side the favourite when it needs little with wickets in hand', () => {
    const early = parseScore('180/6 (20 ov) | 20/0 (2 ov)');
    const nearlyThere = parseScore('180/6 (20 ov) | 175/2 (18 ov)');
    const collapsing = parseScore('180/6 (20 ov) | 60/8 (12 ov)');
    expect(homeWinProbability(nearlyThere)).toBeLessThan(0.1);
    expect(homeWinProbability(collapsing)).toBeGreaterThan(0.9);
    expect(homeWinProbability(early)).toBeGreaterThan(homeWinProbability(nearlyThere));
    // A par chase with a good start leans to the chasers without being over.
    const chase = homeWinProbability(parseScore('146/4 (20 ov) | 16/0 (1 ov)'));
    expect(chase).toBeGreaterThan(0.05);
    expect(chase).toBeLessThan(0.4);
    expect(parseScore('not a score')).toEqual(newCricketMatch());
  });
});

describe('other sports', () => {
  it('football can end level; the score line round-trips; chances sum to 1', () => {
    const rules = contestRules(SPORT_ID.FOOTBALL);
    const random = seededRandom(3);
    let s = newContest();
    while (!s.finished) {
      s = playOn(rules, s, random, 0.55);
      expect(parseContest(rules, contestScore(rules, s))).toEqual(s);
      const [h, a, d] = contestProbabilities(rules, s, 0.55, seededRandom(1), 100);
      expect(h + a + d).toBeCloseTo(1, 9);
    }
    expect(s.elapsed).toBe(90);
    // Over many matches some are drawn, and the stronger side wins more.
    const tally = { home: 0, away: 0, draw: 0 };
    for (let k = 0; k < 500; k++) {
      let t = newContest();
      while (!t.finished) t = playOn(rules, t, random, 0.6);
      tally[outcomeOf(t)]++;
    }
    expect(tally.draw).toBeGreaterThan(50);
    expect(tally.home).toBeGreaterThan(tally.away);
  });

  it('tennis is first to two sets and never drawn; basketball plays a decider', () => {
    const random = seededRandom(9);
    for (const sport of [SPORT_ID.TENNIS, SPORT_ID.BASKETBALL, SPORT_ID.KABADDI]) {
      const rules = contestRules(sport);
      for (let k = 0; k < 50; k++) {
        let s = newContest();
        while (!s.finished) s = playOn(rules, s, random, 0.5);
        expect(outcomeOf(s)).not.toBe('draw');
        if (sport === SPORT_ID.TENNIS) expect(Math.max(s.home, s.away)).toBe(2);
      }
    }
  });
});

describe('races', () => {
  it('finishes every runner exactly once, favourites first more often', () => {
    const random = seededRandom(11);
    const chances = [0.4, 0.3, 0.2, 0.1];
    const firsts = [0, 0, 0, 0];
    for (let k = 0; k < 2_000; k++) {
      const { order } = drawFinish(random, chances);
      expect([...order].sort()).toEqual([0, 1, 2, 3]);
      firsts[order[0]!]! += 1;
    }
    expect(firsts[0]).toBeGreaterThan(firsts[3]! * 2);
  });

  it('withdraws a runner now and then, with its chance as the reduction factor', () => {
    const random = seededRandom(5);
    const chances = [0.25, 0.25, 0.25, 0.25];
    const drawn = Array.from({ length: 600 }, () => drawNonRunner(random, chances)).filter((d) => d !== null);
    expect(drawn.length).toBeGreaterThan(50);
    expect(drawn.length).toBeLessThan(200);
    expect(drawn.every((d) => d.reductionFactorBps === 2_500)).toBe(true);
  });
});
