/**
 * Starts the process: reads the configuration, opens the database (DATABASE_URL=postgres://...
 * or PGlite in DATA_DIR), joins the cluster (BROKER_URL), migrates and prepares the demo, builds
 * the app, starts the parts (demo markets, the live feed), listens on PORT, and shuts down
 * cleanly on SIGINT / SIGTERM.
 */
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { joinCluster, runOncePerCluster, withStartupLock, type ClusterSingleton } from './cluster/index.ts';
import { dataDirFromEnv, openDatabase, targetFromEnv } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { feedSettingsFromEnv, FeedRunner } from './feed/index.ts';
import { systemClock } from './lib/time.ts';
import { SERVER_DIR } from './package-dir.ts';
import { demoLoginsTable, prepareDemo, seedDemoMarkets } from './seed/index.ts';
import { loadSecurityAuthKey } from './services/security-auth/index.ts';
import { signupLimitFromEnv } from './services/signups/index.ts';

/** A whole number of at least 1 from the environment, else the default. */
const countFromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
/** A number above 0 from the environment (fractions too: the browser tests end sessions in seconds), else the default. */
const amountFromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name] || fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
// WEB_DIST: another copy of the web build (the browser tests serve a snapshot of their own).
const webDist = process.env.WEB_DIST || join(SERVER_DIR, '../web/dist');
const target = targetFromEnv(process.env, 'data');
// The data folder holds the generated security-auth key (ADR 34) and the deposit receipts
// (ADR 33), on PostgreSQL too.
const dataDir = dataDirFromEnv(process.env, 'data');
const securityAuthKey = loadSecurityAuthKey(process.env, dataDir);
const feedSettings = feedSettingsFromEnv(process.env);

const cluster = await joinCluster(process.env, target);
const database = await openDatabase(target);
// Processes starting together take turns (a PostgreSQL advisory lock): one migrates and seeds,
// the others find it done. Released after the demo markets below.
const startup = await withStartupLock(target);
await migrateDatabase(database);
await prepareDemo(database.db, systemClock);

// The feed simulator (and its upkeep) runs in one process of a cluster: the holder of the lease
// `feed` (ADR 37). Alone on PGlite it simply runs.
let feed: ClusterSingleton | null = null;
const app = buildApp({
  bus: cluster.bus,
  leasesHeld: () => (feed?.held ? ['feed'] : []),
  metricsToken: process.env.METRICS_TOKEN || undefined,
  // The caches' bounds (ADR 37): a peak's open pages must fit; how long an entry may live at most
  // (every change drops it sooner: these are safety nets, and each expiry costs a database read).
  sessionCache: {
    maxCachedTokens: countFromEnv('SESSION_CACHE_TOKENS', 100_000),
    cacheTtlMs: countFromEnv('SESSION_CACHE_TTL_MS', 60_000),
  },
  balanceCache: { ttlMs: countFromEnv('BALANCE_CACHE_TTL_MS', 60_000) },
  signupLimitPerHour: signupLimitFromEnv(process.env),
  // A token copied from a browser stops working by itself (ADR 42): idle, or too old.
  sessionLifetime: {
    idleMs: Math.round(amountFromEnv('SESSION_IDLE_MINUTES', 720) * 60_000),
    maxAgeMs: Math.round(amountFromEnv('SESSION_MAX_DAYS', 7) * 86_400_000),
  },
  db: database.db,
  // LIVE_SOCKET_HOST=1: the live push's sockets in a process of their own (ADR 62), for a machine
  // with a core to spare for it; on two shared cores it made pushes slower.
  live: { socketHost: process.env.LIVE_SOCKET_HOST === '1' },
  // POLL_BUDGET: at most that many polls at a time per process, the rest refused 503 SERVER_BUSY
  // (ADR 64). Unset: no bound (measured on 2 cores, the bound alone did not bring bets through).
  admission: { maxPollsInFlight: Number(process.env.POLL_BUDGET ?? 0) || 0 },
  webDist,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  trustProxy: process.env.TRUST_PROXY === '1',
  securityAuthKey: securityAuthKey.key,
  // Deposit receipts: in the data folder, never under the web root (ADR 33).
  receiptsDir: join(dataDir, 'receipts'),
});
app.log.info({ source: securityAuthKey.source, path: securityAuthKey.path }, 'security auth key loaded');
if (securityAuthKey.warning) app.log.warn(securityAuthKey.warning);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await feed?.stop();
    await app.close();
    await cluster.leave();
    await startup.release();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.ready();
  // SEED_MARKETS=0 skips the demo markets and the market maker's liquidity.
  if (process.env.SEED_MARKETS !== '0') await seedDemoMarkets(database.db, app.betting, systemClock, app.log);
  await startup.release();
  await app.listen({ port, host });
  // The live feed simulator plays the demo's matches and races (FEED_SIMULATOR=0 turns it off).
  if (feedSettings.enabled) {
    const runner = new FeedRunner(database.db, app.betting, systemClock, feedSettings.speed, app.log);
    feed = await runOncePerCluster(database.db, target, 'feed', cluster.processId, runner, app.log);
  }
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await startup.release();
  await database.close();
  process.exit(1);
}

const store = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`;
// Under `npm run start:cluster` the first worker prints the banner for all of them.
if ((process.env.CLUSTER_WORKER_INDEX ?? '0') === '0') console.log(
  `\nExchange running at http://localhost:${port}\nBack-office console (agents, operator): http://localhost:${port}/console/\nDatabase: ${store}\n\nDemo logins:\n${demoLoginsTable()}\n`,
);
