/**
 * The simulator as this platform runs it: wired to the betting service with the market maker
 * quoting, and set from the environment.
 */
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';
import type { BettingService } from '../services/betting/service.ts';
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
