/**
 * Starts the process: opens the database (DATABASE_URL=postgres://... or PGlite in DATA_DIR),
 * migrates, seeds on first start, listens on PORT and shuts down cleanly on SIGINT / SIGTERM.
 */
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { dataDirFromEnv, openDatabase, targetFromEnv } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { systemClock } from './lib/time.ts';
import { SERVER_DIR } from './package-dir.ts';
import { DEMO_USERS, hasUsers, seed } from './seed/index.ts';
import { createFeed, ensureMarkets, feedSettingsFromEnv, MARKET_MAKER, refreshFixtures, type FeedSimulator } from './feed/index.ts';
import { DEMO_PASSWORD } from './services/demo-accounts.ts';
import { loadSecurityAuthKey } from './services/security-auth/key.ts';
import { signupLimitFromEnv } from './services/signups/index.ts';
import { NatsBroker } from './cluster/broker.ts';
import { ClusterBus, newProcessId, subjectPrefixFor } from './cluster/bus.ts';
import { LeaseKeeper } from './cluster/leases.ts';
import { withStartupLock } from './cluster/startup-lock.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
// WEB_DIST: another copy of the web build (the browser tests serve a snapshot of their own).
const webDist = process.env.WEB_DIST || join(SERVER_DIR, '../web/dist');

const target = targetFromEnv(process.env, 'data');
// The data folder holds the generated security-auth key (ADR 34) and the deposit receipts
// (ADR 33), on PostgreSQL too.
const dataDir = dataDirFromEnv(process.env, 'data');
const securityAuthKey = loadSecurityAuthKey(process.env, dataDir);
const processId = process.env.PROCESS_NAME ? `${process.env.PROCESS_NAME}:${newProcessId()}` : newProcessId();
// BROKER_URL (nats://...): several processes on one PostgreSQL tell each other their commits
// (ADR 37). Without it the process is alone.
const brokerUrl = process.env.BROKER_URL;
const bus = brokerUrl
  ? new ClusterBus(
      await NatsBroker.connect(brokerUrl, processId),
      subjectPrefixFor(target.kind === 'postgres' ? target.url : target.dataDir ?? ''),
      processId,
    )
  : undefined;

const database = await openDatabase(target);
// Processes starting together take turns (a PostgreSQL advisory lock): one migrates and seeds,
// the others find it done. Released after the demo markets below.
const startup = await withStartupLock(target);
await migrateDatabase(database);
if (!(await hasUsers(database.db))) await seed(database.db, systemClock());
else await refreshFixtures(database.db, systemClock());

// The feed simulator (and its upkeep) runs in one process of a cluster: the holder of the lease
// `feed` (ADR 37). Alone on PGlite it simply runs.
let feed: FeedSimulator | null = null;
let feedLease: LeaseKeeper | null = null;
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

const app = buildApp({
  bus,
  leasesHeld: () => (feedLease?.held ? ['feed'] : []),
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
    await feedLease?.stop();
    await feed?.stop();
    await app.close();
    await bus?.broker.close();
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
  // Demo markets for the fixtures (new ones at every start) and the market maker's liquidity,
  // through the app's own betting service so its books are warm. SEED_MARKETS=0 skips it.
  await app.ready();
  if (process.env.SEED_MARKETS !== '0') {
    const started = Date.now();
    const seeded = await ensureMarkets(database.db, app.betting, systemClock());
    app.log.info({ ...seeded, ms: Date.now() - started }, 'demo markets seeded');
  }
  await startup.release();
  await app.listen({ port, host });
  // The live feed simulator plays the demo's matches and races (FEED_SIMULATOR=0 turns it off).
  const settings = feedSettingsFromEnv(process.env);
  if (settings.enabled) {
    const runFeed = async () => {
      feed = await createFeed(database.db, app.betting, systemClock, {
        speed: settings.speed,
        onError: (err, event) => app.log.warn({ err, event }, 'feed event not applied'),
      });
      feed.start();
      app.log.info({ speed: settings.speed }, 'feed simulator running');
    };
    const stopFeed = async () => {
      const running = feed;
      feed = null;
      await running?.stop();
      app.log.warn('feed simulator stopped: its lease is lost');
    };
    if (target.kind === 'postgres') {
      feedLease = new LeaseKeeper(database.db, 'feed', processId, { start: runFeed, stop: stopFeed }, {
        onError: (err) => app.log.warn({ err }, 'feed lease: no answer from the database'),
      });
      feedLease.start();
    } else await runFeed();
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
  `\nExchange running at http://localhost:${port}\nBack-office console (agents, operator): http://localhost:${port}/console/\nDatabase: ${store}\n\nDemo logins:\n${loginsTable()}\n`,
);

function loginsTable(): string {
  const rows = [
    ['user', 'password', 'role', ''],
    ...DEMO_USERS.map((u) => [u.userName, DEMO_PASSWORD, u.role, u.note]),
    [MARKET_MAKER, DEMO_PASSWORD, 'user', 'market maker: rests back and lay liquidity on exchange markets'],
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  return [line(rows[0]!), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}
