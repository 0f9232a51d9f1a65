/**
 * The simulator as this platform runs it: wired to the betting service with the market maker
 * quoting, set from the environment, and started and stopped as a part of the process (in one
 * process of a cluster: the holder of the `feed` lease, ADR 37).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';
import type { BettingService } from '../services/betting/index.ts';
import { findUserByName } from '../services/users.ts';
import { PlatformSink } from './events.ts';
import { MARKET_MAKER } from './markets.ts';
import { FeedSimulator, type FeedOptions } from './simulator.ts';

/** The simulator wired to this platform, with the market maker `mm1` quoting (when it exists). */
export async function createFeed(db: Db, betting: BettingService, clock: Clock, options: FeedOptions = {}): Promise<FeedSimulator> {
  const maker = await findUserByName(db, MARKET_MAKER);
  return new FeedSimulator(db, betting, new PlatformSink(betting, maker?.id ?? null), clock, options);
}

/** FEED_SIMULATOR=0 turns the feed off; FEED_SPEED accelerates it (default 1). */
export function feedSettingsFromEnv(env: NodeJS.ProcessEnv): { enabled: boolean; speed: number } {
  const speed = Number(env.FEED_SPEED ?? 1);
  return { enabled: env.FEED_SIMULATOR !== '0', speed: Number.isFinite(speed) && speed > 0 ? speed : 1 };
}

/** The live feed as a part of the process: what it fails to apply is logged, and it goes on. */
export class FeedRunner {
  /** How the process's log names it. */
  readonly label = 'feed simulator';
  private simulator: FeedSimulator | null = null;

  constructor(
    private readonly db: Db,
    private readonly betting: BettingService,
    private readonly clock: Clock,
    private readonly speed: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.simulator = await createFeed(this.db, this.betting, this.clock, {
      speed: this.speed,
      onError: (err, event) => this.log.warn({ err, event }, 'feed event not applied'),
    });
    this.simulator.start();
    this.log.info({ speed: this.speed }, 'feed simulator running');
  }

  /** Stops it once the step under way is done. */
  async stop(): Promise<void> {
    const running = this.simulator;
    this.simulator = null;
    await running?.stop();
  }
}
