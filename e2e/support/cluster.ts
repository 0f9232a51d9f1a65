import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rendezvousScore } from '../../apps/server/src/cluster/market-owners.ts';
import { createPostgresDatabase } from '../../apps/server/src/test/postgres-database.ts';
import { buildProduct, freePort, killService, spawnService, stopService, waitForHttp, type Service } from './processes.ts';

/**
 * Several server processes of the product as one cluster, for the cluster tests (e2e/cluster) and
 * the load bench: the built bundle (`npm start`'s, built once here), each process on its own free
 * loopback port, all on one FRESH PostgreSQL database (made on TEST_DATABASE_URL's server, dropped
 * by stop()), one broker (BROKER_URL) and one DATA_DIR (it holds the security-auth key every
 * process must share). No proxy: a caller spreads its calls over `urls` itself.
 *
 *   const cluster = await startCluster({ processes: 2 });
 *   await fetch(`${cluster.urls[1]}/api/health`);
 *   await cluster.kill(0); await cluster.restart(0); // kill -9, then the same process again
 *   await cluster.stop();
 */
export interface Cluster {
  /** http://127.0.0.1:port of each process, by index; a restarted process keeps its URL. */
  urls: string[];
  /** The cluster's own database (for checks in SQL). */
  databaseUrl: string;
  /** The env every process got (WALLET_SECRET, PROVIDER_ID, BROKER_URL... for signed casino calls). */
  env: Record<string, string>;
  /** SIGKILL process i (kill -9: no shutdown hook runs); resolves once it is gone. */
  kill(i: number): Promise<void>;
  /** Starts process i again on its port (stopping it first if it still runs); resolves once it answers. */
  restart(i: number): Promise<void>;
  /**
   * Stops every process (SIGTERM, then SIGKILL), drops the database (unless `keepDatabase`: the
   * evidence of a failed check), removes DATA_DIR.
   */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
  /** Everything process i wrote to stdout and stderr, across its restarts. */
  output(i: number): string;
  /** Its pid now (undefined while killed). */
  pid(i: number): number | undefined;
}

export interface ClusterOptions {
  /** How many server processes (2 by default). */
  processes?: number;
  /** Extra env for every process (wins over the defaults below), e.g. `{ FEED_SIMULATOR: '1' }`. */
  env?: Record<string, string>;
  /** The PostgreSQL server for the fresh database (TEST_DATABASE_URL, else the local one). */
  serverUrl?: string;
  /** How long a process may take to answer after a (re)start. */
  startTimeoutMs?: number;
}

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_BROKER = 'nats://127.0.0.1:4222';
/** Answers once the process listens and its database is open. */
const READY_PATH = '/api/globalSetting/getGlobalSetting';

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.processes ?? 2;
  const startTimeoutMs = options.startTimeoutMs ?? 90_000;
  buildProduct();
  const database = await createPostgresDatabase(options.serverUrl ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES);
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-cluster-'));
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    BROKER_URL: process.env.BROKER_URL ?? DEFAULT_BROKER,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    FEED_SIMULATOR: '0',
    SEED_MARKETS: '0',
    LOG_LEVEL: 'warn',
    // The bank checker's clients all come from 127.0.0.1 (ADR 41).
    SIGNUP_LIMIT_PER_HOUR: '0',
    WALLET_SECRET: randomBytes(32).toString('hex'),
    PROVIDER_ID: 'casino-provider',
    ...options.env,
  };
  const services: (Service | undefined)[] = new Array(count).fill(undefined);
  const outputs: string[][] = Array.from({ length: count }, () => []);

  const launch = async (i: number) => {
    const service = spawnService('apps/server/dist/server.js', { ...env, PORT: String(ports[i]), PROCESS_NAME: `p${i}` });
    // One output per process across restarts: keep the earlier runs' lines.
    service.output.push(...outputs[i]!.splice(0));
    outputs[i] = service.output;
    services[i] = service;
    try {
      await waitForHttp(`${urls[i]}${READY_PATH}`, service.child, startTimeoutMs);
    } catch (err) {
      throw new Error(`process ${i}: ${(err as Error).message}\n--- output ---\n${service.output.join('')}`);
    }
  };

  const killOnExit = () => {
    services.forEach((s) => s?.child.kill('SIGKILL'));
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  const stop = async ({ keepDatabase = false } = {}) => {
    process.off('exit', killOnExit);
    await Promise.all(services.map((s) => s && stopService(s)));
    rmSync(dataDir, { recursive: true, force: true });
    if (!keepDatabase) await database.drop();
  };

  try {
    // The first start migrates and seeds: let it finish before the others open the database.
    await launch(0);
    await Promise.all(urls.slice(1).map((_, k) => launch(k + 1)));
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    urls,
    databaseUrl: database.url,
    env,
    kill: async (i) => {
      const s = services[i];
      if (s) await killService(s);
    },
    restart: async (i) => {
      const s = services[i];
      if (s) await stopService(s);
      await launch(i);
    },
    stop,
    output: (i) => outputs[i]!.join(''),
    pid: (i) => {
      const s = services[i];
      return s && s.child.exitCode === null && s.child.signalCode === null ? s.child.pid : undefined;
    },
  };
}

/**
 * The index of the process that matches `marketId` now (ADR 65), computed as the processes do:
 * the highest rendezvous score among the processes answering `GET /api/health`. Undefined when
 * none answers. Right after a start or a death, wait a few seconds for the processes to agree.
 */
export async function marketOwner(urls: readonly string[], marketId: number): Promise<number | undefined> {
  let best: { index: number; score: number } | undefined;
  for (const [index, url] of urls.entries()) {
    const processId = await fetch(`${url}/api/health`)
      .then(async (r) => ((await r.json()) as { data?: { process?: string } }).data?.process)
      .catch(() => undefined);
    if (processId === undefined) continue;
    const score = rendezvousScore(processId, marketId);
    if (!best || score > best.score) best = { index, score };
  }
  return best?.index;
}
