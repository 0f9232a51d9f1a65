import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { RACING_SPORT_IDS, SPORT } from '@exchange/contracts';
import { markets, matches, runners } from '../db/schema/index.ts';
import { MARKET_MAKER, ensureMarkets } from './markets.ts';
import { findUserByName } from '../services/users.ts';
import { expectInvariants, firstMatchOf } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { PlatformSink, type FeedEvent, type FeedSink } from './events.ts';
import { bowl, nextBall, recordOf, restoreCricket, scoreText, type CricketState, type Innings } from './cricket.ts';
import { seededRandom } from './random.ts';
import { BASE_TIMINGS, FeedSimulator } from './index.ts';

/** One innings as a score line shows it. */
interface At {
  runs: number;
  wickets: number;
  balls: number;
}

/** "171/6 (20 ov) | 58/2 (7.4 ov)" read here on its own, not with the feed's parser. */
function readScore(score: string): At[] {
  return score.split('|').map((part) => {
    const m = /^(\d+)\/(\d+) \((\d+)(?:\.(\d))? ov\)$/.exec(part.trim());
    if (!m) throw new Error(`Not a cricket score: ${score}`);
    return { runs: Number(m[1]), wickets: Number(m[2]), balls: Number(m[3]) * 6 + Number(m[4] ?? 0) };
  });
}

/** The score line after each ball of an innings as the log gives it. */
function snapshots(innings: Innings): At[] {
  const out: At[] = [];
  let at: At = { ...innings.from };
  for (const ball of innings.log) {
    at = { runs: at.runs + (ball === 'W' ? 0 : ball), wickets: at.wickets + (ball === 'W' ? 1 : 0), balls: at.balls + 1 };
    out.push(at);
  }
  return out;
}

/**
 * A cricket match played to the end through the feed simulator on the real betting service,
 * across a stall and restarts. It is picked up in the third over of the chase from what a previous process
 * left on its row (the score and the ball log, its session lines unsettled); then that process
 * is killed right after writing the score of the ball that completes the sixth over of the
 * chase (before the lines it decides are settled), and a new one resumes from the database.
 * The score of every ball the simulator writes is recorded: with the log it was picked up
 * from, that is the ball log the results are checked against.
 */
describeEachDatabase(
  'cricket feed: session lines and the match result agree with the ball log',
  (ctx) => {
    let matchId: number;
    let matchName: string;
    // The feed's clock moves only when the test moves it.
    let feedTime = 0;
    let picked: CricketState;
    const feedClock = () => new Date(feedTime);

    beforeAll(async () => {
      const { db, app } = ctx();
      // No race markets (racingHours 0): the feed plays this one match and nothing else.
      await ensureMarkets(db, app.betting, ctx().now(), { racingHours: 0 });
      ({ matchId, matchName } = await firstMatchOf(db, SPORT.CRICKET, true));
      await db
        .update(matches)
        .set({ isActive: false, inPlay: false })
        .where(and(ne(matches.matchId, matchId), notInArray(matches.sportId, [...RACING_SPORT_IDS])));
      // What a previous process left: the first innings over, the chase 3 overs in.
      const [row] = await db.select().from(matches).where(eq(matches.matchId, matchId));
      const random = seededRandom(2026);
      let state = restoreCricket(row!.score, null);
      while (!state.second || state.second.balls < 18) state = bowl(state, nextBall(random));
      picked = state;
      await db.update(matches).set({ score: scoreText(state), feedState: recordOf(state) }).where(eq(matches.matchId, matchId));
      feedTime = ctx().now().getTime();
    }, 120_000);

    it('settles every line at the runs at its over (or wicket) of its innings, and the winner by the final score, across a stall and a restart', async () => {
      const { db, app } = ctx();
      const maker = await findUserByName(db, MARKET_MAKER);
      const platform = new PlatformSink(app.betting, maker!.id);
      const scores: string[] = [];
      let dead = false;
      /** Applies events until the process "dies" after the score at the sixth over of the chase. */
      const sink = (dieAtChaseBall: number | null): FeedSink => ({
        async apply(event: FeedEvent) {
          if (dead) throw new Error('the process is dead');
          await platform.apply(event);
          if (event.type !== 'match' || event.matchId !== matchId || !event.score) return;
          scores.push(event.score);
          if (dieAtChaseBall !== null && readScore(event.score)[1]?.balls === dieAtChaseBall) dead = true;
        },
      });
      const errors: unknown[] = [];
      // The dead process's failures after its death are not the feed's.
      const options = { inPlay: {}, onError: (e: unknown) => void (dead || errors.push(e)) };
      const isLive = async () => (await db.select().from(matches).where(eq(matches.matchId, matchId)))[0]!.isActive;

      // The first process plays until it dies; its errors after death are its own.
      const first = new FeedSimulator(db, app.betting, sink(36), feedClock, options);
      const chaseBalls = () => readScore(scores.at(-1) ?? '0/0 (0 ov) | 0/0 (0 ov)')[1]?.balls ?? 0;
      let stalled = false;
      for (let k = 0; k < 2_000 && !dead && (await isLive()); k++) {
        feedTime += BASE_TIMINGS.ballMs * 4;
        await first.step();
        if (!stalled && chaseBalls() >= 24) {
          // The process stalls for four minutes (a busy database): the match resumes from there,
          // a ball at a time, instead of rushing through the balls it missed.
          stalled = true;
          const before = chaseBalls();
          feedTime += 4 * 60_000;
          await first.step();
          expect(chaseBalls() - before).toBeLessThanOrEqual(1);
        }
      }
      expect(stalled).toBe(true);
      expect(dead).toBe(true);
      expect(errors).toEqual([]);
      // The second process resumes from the database alone.
      const second = new FeedSimulator(db, app.betting, sink(null), feedClock, options);
      dead = false;
      for (let k = 0; k < 2_000 && (await isLive()); k++) {
        feedTime += BASE_TIMINGS.ballMs * 4;
        await second.step();
      }
      expect(await isLive()).toBe(false);
      expect(errors).toEqual([]);

      // The ball log: what the match was picked up with, then the recorded scores, one ball from
      // each line to the next, none missed.
      const innings: At[][] = [snapshots(picked.first), snapshots(picked.second!)];
      for (const score of scores) readScore(score).forEach((at, i) => innings[i]!.push(at));
      for (const log of innings) {
        const fresh = log.filter((at, k) => k === 0 || at.balls !== log[k - 1]!.balls);
        fresh.slice(1).forEach((at, k) => expect(at.balls - fresh[k]!.balls).toBe(1));
        innings[innings.indexOf(log)] = fresh;
      }
      const [firstInns, chase] = innings as [At[], At[]];
      const final = { first: firstInns.at(-1)!, second: chase.at(-1)! };
      const runsAtOver = (log: At[], overs: number) => (log.find((at) => at.balls === overs * 6) ?? log.at(-1)!).runs;
      const runsAtFirstWicket = (log: At[]) => {
        const k = log.findIndex((at) => at.wickets >= 1);
        return k < 0 ? log.at(-1)!.runs : log[k]!.runs;
      };

      const fancy = await db.select().from(markets).where(and(eq(markets.matchId, matchId), eq(markets.kind, 'FANCY'))).orderBy(asc(markets.sort));
      const [home, away] = matchName.split(' v ');
      expect(fancy.map((m) => m.name)).toEqual([
        `${home} 6 Over Runs`,
        `${home} 20 Over Runs`,
        `Fall of 1st Wkt ${home}`,
        // The chasers get the same lines as the side batting first (the format's, ADR 38).
        `${away} 6 Over Runs (2nd inns)`,
        `${away} 20 Over Runs (2nd inns)`,
        `Fall of 1st Wkt ${away} (2nd inns)`,
      ]);
      const expected = [
        runsAtOver(firstInns, 6),
        runsAtOver(firstInns, 20),
        runsAtFirstWicket(firstInns),
        runsAtOver(chase, 6),
        runsAtOver(chase, 20),
        runsAtFirstWicket(chase),
      ];
      expect(fancy.map((m) => [m.name, m.resultKind, m.resultRuns])).toEqual(fancy.map((m, i) => [m.name, 'RUNS', expected[i]]));

      // The winner agrees with the final score: the chasers win only by passing the total.
      const chaseWon = final.second.runs > final.first.runs;
      expect(chaseWon || final.second.balls === 120 || final.second.wickets === 10).toBe(true);
      const decided = await db
        .select({ marketType: markets.marketType, selectionId: runners.selectionId, status: runners.status })
        .from(runners)
        .innerJoin(markets, eq(markets.id, runners.marketId))
        .where(and(eq(markets.matchId, matchId), inArray(markets.kind, ['EXCHANGE', 'BOOKMAKER'])))
        .orderBy(asc(markets.sort), asc(runners.selectionId));
      const winner = chaseWon ? 2 : 1;
      expect(decided).toEqual(
        decided.map((r) => ({ ...r, status: r.selectionId === winner ? 'WINNER' : 'LOSER' })),
      );
      await expectInvariants(db, app.betting);
    }, 240_000);
  },
  { bettingOptions: { sleep: async () => {} } },
);
