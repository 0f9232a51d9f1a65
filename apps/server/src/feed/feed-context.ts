/**
 * What every part of the simulator plays with (matches, races, binary sessions): the platform,
 * the pace, the seed and one way to emit. The simulator (simulator.ts) makes one and hands it on.
 */
import type { Db } from '../db/client.ts';
import type { BettingService } from '../services/betting/index.ts';
import type { FeedEvent } from './events.ts';

export interface FeedTimings {
  /** Cricket: from one ball to the next. */
  ballMs: number;
  /** Cricket: how long the ball is "running" (fancy suspended). */
  ballRunningMs: number;
  /** Sports on the clock: one simulated minute. */
  minuteMs: number;
  /** Sports of sets, games or frames: one period. */
  periodMs: number;
  /** Races: from the off to the result. */
  raceMs: number;
  /** Races: when before the off a non-runner may be declared. */
  nonRunnerLeadMs: number;
  /**
   * A match this far behind the clock (the process stalled or was down) resumes from now instead
   * of rushing through what it missed: the score never freezes and then jumps to the end.
   */
  stallMs: number;
  /** Catalog upkeep (new fixtures, their markets and liquidity, stale football). */
  upkeepMs: number;
}

/** At speed 1: a T20 match takes about 20 minutes, a football match under 5, a race a minute. */
export const BASE_TIMINGS: FeedTimings = {
  ballMs: 5_000,
  ballRunningMs: 1_500,
  minuteMs: 3_000,
  periodMs: 40_000,
  raceMs: 60_000,
  nonRunnerLeadMs: 5 * 60_000,
  stallMs: 30_000,
  upkeepMs: 5 * 60_000,
};

export interface FeedContext {
  readonly db: Db;
  readonly betting: BettingService;
  /** Already accelerated by the speed. */
  readonly timings: FeedTimings;
  /** Each match and race draws from a stream of its own derived from it: replays are exact. */
  readonly seed: number;
  /**
   * Applies the events in order. One for a market settled earlier in this step is dropped; one
   * that fails is reported and the rest still go (an operator may have settled a market first).
   */
  emit(events: readonly FeedEvent[]): Promise<void>;
  /** Settled during this step: the step's market lists were read before, so they still hold it. */
  settledNow(marketId: number): boolean;
}
