/**
 * Races go off at their real start times, now and then after losing a non-runner shortly
 * before, and are settled a race's length later on a finish drawn from the seed's fair prices.
 * A race the feed never sent off (the server was down through it) is abandoned.
 */
import type { FeedEvent } from './events.ts';
import type { FeedContext } from './feed-context.ts';
import { fairProbabilities } from './markets.ts';
import { openMarketsOfRaces, racesDue, type MarketRef } from './queries.ts';
import { drawFinish, drawNonRunner } from './racing.ts';
import { seededRandom, type Random } from './random.ts';

/**
 * A race the feed never sent off and first sees this long after its off (real time, the server
 * down or stalled) is abandoned, not given a result nobody saw run (ADR 27, races).
 */
const MISSED_RACE_MS = 5 * 60_000;

export class RaceFeed {
  /** Races already looked at for a non-runner. */
  private readonly nonRunnerDrawn = new Set<number>();

  constructor(private readonly feed: FeedContext) {}

  async run(now: number): Promise<void> {
    const { timings } = this.feed;
    const due = await racesDue(this.feed.db, new Date(now + timings.nonRunnerLeadMs));
    if (due.length === 0) return;
    const refs = await openMarketsOfRaces(this.feed.db, due.map((r) => r.raceId));
    for (const race of due) {
      const own = refs.filter((r) => r.raceId === race.raceId);
      const start = race.startTime.getTime();
      if (now < start) {
        if (!this.nonRunnerDrawn.has(race.raceId)) {
          this.nonRunnerDrawn.add(race.raceId);
          await this.maybeNonRunner(race.raceId, own);
        }
      } else if (now < start + timings.raceMs) {
        await this.feed.emit(
          own.filter((r) => !r.inPlay).map((r) => ({ type: 'status' as const, marketId: r.id, status: 'OPEN' as const, inPlay: true })),
        );
      } else if (!own.some((r) => r.inPlay) && now >= start + Math.max(timings.raceMs, MISSED_RACE_MS)) {
        // Never sent off (the server was down through it): not run, as a real site abandons a
        // race it has no result for. Void settles its bets back through the normal path.
        await this.feed.emit(own.map((r) => ({ type: 'result' as const, marketId: r.id, result: { void: true } })));
        this.nonRunnerDrawn.delete(race.raceId);
      } else {
        await this.settle(race.raceId, own);
        this.nonRunnerDrawn.delete(race.raceId);
      }
    }
  }

  /** Each race draws from streams of its own (salt 1: the non-runner, 2: the finish): replays are exact. */
  private raceRandom(raceId: number, salt: number): Random {
    return seededRandom(this.feed.seed ^ Math.imul(raceId, 40_503) ^ salt);
  }

  /** The race's runners in order with their chances (the seed's fair prices), non-runners out. */
  private async field(raceId: number, own: readonly MarketRef[]) {
    const win = own.find((r) => r.marketType === 'WIN');
    if (!win) return null;
    const state = await this.feed.betting.peek(win.id);
    const fair = fairProbabilities(raceId, state.runners.length, false);
    const runners = state.runners
      .map((r, i) => ({ selectionId: r.selectionId, chance: fair[i] ?? 0, removed: r.status === 'REMOVED' }))
      .filter((r) => !r.removed);
    return runners;
  }

  private async maybeNonRunner(raceId: number, own: readonly MarketRef[]): Promise<void> {
    const field = await this.field(raceId, own);
    if (!field) return;
    const drawn = drawNonRunner(this.raceRandom(raceId, 1), field.map((r) => r.chance));
    if (!drawn) return;
    const out = field[drawn.index]!;
    await this.feed.emit(
      own
        .filter((r) => r.kind === 'EXCHANGE')
        .map((r) => ({
          type: 'nonRunner' as const,
          marketId: r.id,
          selectionId: out.selectionId,
          // A PLACE market's factor follows the chance to place, roughly the win chance times the places.
          reductionFactorBps: r.marketType === 'PLACE' ? Math.min(9_000, drawn.reductionFactorBps * 2) : drawn.reductionFactorBps,
        })),
    );
  }

  private async settle(raceId: number, own: readonly MarketRef[]): Promise<void> {
    const field = await this.field(raceId, own);
    if (!field || field.length === 0) {
      await this.feed.emit(own.map((r) => ({ type: 'result' as const, marketId: r.id, result: { void: true } })));
      return;
    }
    const finish = drawFinish(this.raceRandom(raceId, 2), field.map((r) => r.chance));
    const ids = finish.order.map((i) => field[i]!.selectionId);
    const events: FeedEvent[] = own.map((r) => ({ type: 'status' as const, marketId: r.id, status: 'SUSPENDED' as const }));
    for (const r of own) {
      if (r.marketType === 'PLACE') {
        const { row } = await this.feed.betting.peek(r.id);
        events.push({ type: 'result', marketId: r.id, result: { winnerIds: ids.slice(0, Math.min(row.places, ids.length)) } });
      } else if (finish.deadHeat) {
        events.push({ type: 'result', marketId: r.id, result: { winnerIds: ids.slice(0, 2), places: 1, tiedIds: ids.slice(0, 2) } });
      } else {
        events.push({ type: 'result', marketId: r.id, result: { winnerIds: ids.slice(0, 1) } });
      }
    }
    await this.feed.emit(events);
  }
}
