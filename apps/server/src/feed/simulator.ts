/**
 * The live feed simulator: no outside feed can be reached, so the demo plays its own matches in
 * accelerated time (docs/adr/0020-feed-simulator.md, 0023).
 *
 * Each `step()` reads what is live, plays it on by the time passed and applies what happened as
 * feed events (events.ts), one part per kind of event: matches (match-feed.ts: cricket ball by
 * ball in cricket-feed.ts, the other sports minute by minute or set by set in contest-feed.ts),
 * races (race-feed.ts) and binary sessions (binary-feed.ts); what they read is in queries.ts.
 * Every few minutes it keeps the catalog going (fixtures two days ahead in every sport, their
 * markets and liquidity) and voids football that never kicked off. Matches and races the
 * operator created in the console (their own id range, ADR 36) are left alone: the operator
 * runs them.
 *
 * Deterministic for a given seed and clock: tests call `step()` with a clock they move.
 */
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';
import type { BettingService } from '../services/betting/index.ts';
import { runBinarySessions } from './binary-feed.ts';
import type { FeedEvent, FeedSink } from './events.ts';
import { BASE_TIMINGS, type FeedContext, type FeedTimings } from './feed-context.ts';
import { refreshFixtures } from './fixtures.ts';
import { MatchFeed } from './match-feed.ts';
import { ensureMarkets } from './markets.ts';
import { RaceFeed } from './race-feed.ts';

export interface FeedOptions {
  /** Accelerates every timing but the upkeep (FEED_SPEED). */
  speed?: number;
  seed?: number;
  /** Matches kept in play per sport (default IN_PLAY_COUNT, as at seed time). */
  inPlay?: Readonly<Record<number, number>>;
  /** Logs what failed to apply (a market an operator settled first, say); the feed goes on. */
  onError?: (error: unknown, event: FeedEvent | null) => void;
}

export class FeedSimulator {
  private readonly timings: FeedTimings;
  private readonly matches: MatchFeed;
  private readonly races: RaceFeed;
  private readonly context: FeedContext;
  /** Markets settled during this step (the step's market list was read before). */
  private readonly settled = new Set<number>();
  private lastUpkeep = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly betting: BettingService,
    private readonly sink: FeedSink,
    private readonly clock: Clock,
    private readonly options: FeedOptions = {},
  ) {
    const speed = options.speed && options.speed > 0 ? options.speed : 1;
    this.timings = Object.fromEntries(
      Object.entries(BASE_TIMINGS).map(([k, v]) => [k, k === 'upkeepMs' ? v : Math.max(1, Math.round(v / speed))]),
    ) as unknown as FeedTimings;
    this.context = {
      db,
      betting,
      timings: this.timings,
      seed: options.seed ?? 20_261_122,
      emit: (events) => this.emit(events),
      settledNow: (marketId) => this.settled.has(marketId),
    };
    this.matches = new MatchFeed(this.context, options.inPlay);
    this.races = new RaceFeed(this.context);
  }

  /** Runs `step()` every `intervalMs` (one at a time) until `stop()`. */
  start(intervalMs = 500): void {
    if (this.timer) return;
    this.lastUpkeep = this.clock().getTime();
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.step()
        .catch((error: unknown) => this.options.onError?.(error, null))
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look at the world: plays every live match and race on to now. */
  async step(): Promise<void> {
    const now = this.clock().getTime();
    this.settled.clear();
    if (this.lastUpkeep > 0 && now - this.lastUpkeep >= this.timings.upkeepMs) {
      this.lastUpkeep = now;
      await this.upkeep();
    }
    // Matches finished in this look are replaced before it ends.
    await this.matches.play(now);
    await this.matches.kickOff(now);
    await this.races.run(now);
    await runBinarySessions(this.context, now);
  }

  private async emit(events: readonly FeedEvent[]): Promise<void> {
    for (const event of events) {
      if ('marketId' in event && this.settled.has(event.marketId)) continue;
      try {
        await this.sink.apply(event);
        if (event.type === 'result') this.settled.add(event.marketId);
      } catch (error) {
        this.options.onError?.(error, event);
      }
    }
  }

  /** New fixtures when the list runs dry, their markets and liquidity; football that never started is void. */
  async upkeep(): Promise<void> {
    const now = this.clock();
    await refreshFixtures(this.db, now);
    await ensureMarkets(this.db, this.betting, now);
    await this.betting.voidStaleFootball(now);
  }
}
