/**
 * HTTP bet/placeMarketBet throughput and latency, on PGlite and (with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) on PostgreSQL: one hot market, and bets spread over 100 markets. Each case
 * also runs the bare database rate of the same one-statement write (the statement writer fed
 * the same kind of plans, no HTTP, no matching), so the HTTP figure can be read against it.
 *
 * Clients are concurrent HTTP requests over keep-alive connections to the listening server, from
 * a worker thread (they share the machine's cores with the server and the database). Bettors back and lay at 2.00 in turn, so most bets
 * match a resting order: each bet writes an order, a fill, a maker update, two positions and two
 * accounts. Run: `npm run bench` (all benches) or `npx tsx bench/bet-path.bench.ts`.
 */
import type {} from '../apps/server/src/types.d.ts';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, queryRows, type DatabaseHandle, type Db } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { BettingService } from '../apps/server/src/services/betting/index.ts';
import { writeBetStatement } from '../apps/server/src/services/money/index.ts';
import type { BetPlan } from '../apps/server/src/services/money/index.ts';
import { accountOfUser, transfer, worldAccount } from '../apps/server/src/services/money/index.ts';
import { hashPassword } from '../apps/server/src/services/passwords.ts';
import { SessionStore } from '../apps/server/src/services/sessions.ts';
import { createUser } from '../apps/server/src/services/users.ts';
import { processCpuSeconds } from './support/proc-cpu.ts';

// 8,000 rather than 4,000: the first case's figures then depend less on the start (JIT, pooled
// connections, statements' plans, the first load of each market).
const BETS = Number(process.env.BENCH_BETS ?? 8000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const USERS = 64;

interface Result {
  name: string;
  bets: number;
  seconds: number;
  p50: number;
  p99: number;
  /** CPU time per bet: this process (server and its client threads) and the database server's processes. */
  nodeCpuMs?: number;
  dbCpuMs?: number;
}

/**
 * CPU seconds used so far by the PostgreSQL backends serving this bench's database, from /proc
 * (the server runs on this machine). Throughput on a shared 2-core machine swings with whatever
 * else runs; CPU per bet does not, and says what a bet costs.
 */
async function postgresCpuSeconds(db: Db): Promise<number | undefined> {
  const pids = await queryRows<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`);
  let total = 0;
  for (const { pid } of pids) {
    const seconds = processCpuSeconds(pid);
    if (seconds === undefined) return undefined; // not a local server, or the backend ended meanwhile
    total += seconds;
  }
  return total;
}

/** Runs a case and adds its CPU per bet (the database's where its backends are local processes). */
async function withCpu(kind: 'pglite' | 'postgres', db: Db, run: () => Promise<Result>): Promise<Result> {
  const db0 = kind === 'postgres' ? await postgresCpuSeconds(db) : undefined;
  const node0 = process.cpuUsage();
  const result = await run();
  const node = process.cpuUsage(node0);
  const db1 = kind === 'postgres' ? await postgresCpuSeconds(db) : undefined;
  return {
    ...result,
    nodeCpuMs: (node.user + node.system) / 1000 / result.bets,
    dbCpuMs: db0 !== undefined && db1 !== undefined ? ((db1 - db0) * 1000) / result.bets : undefined,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

export async function database(
  kind: 'pglite' | 'postgres',
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (kind === 'pglite') return { handle: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL!;
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 16 });
  return {
    handle,
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The bench's bettors, each with a lakh of crores and a session: ids and tokens. */
export async function bettors(db: Db, now: Date): Promise<{ ids: number[]; tokens: string[] }> {
  const hash = await hashPassword('Bench@1234');
  const world = await worldAccount(db);
  const sessions = new SessionStore(db, () => now);
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await createUser(
      db,
      { userName: `bench${i}`, passwordHash: hash, role: 'user', parentId: null },
      now,
    );
    await transfer(
      db,
      {
        idempotencyKey: `bench:${i}`,
        debitAccountId: world.id,
        creditAccountId: (await accountOfUser(db, user.id)).id,
        amountPaise: 1e11,
        reason: 'DEPOSIT',
        remark: 'bench',
      },
      now,
    );
    ids.push(user.id);
    tokens.push(await sessions.create(db, user.id));
  }
  return { ids, tokens };
}

/** Runs `total` jobs with `clients` in flight; returns the latencies in ms. */
async function drive(
  total: number,
  clients: number,
  job: (i: number) => Promise<void>,
): Promise<{ seconds: number; latencies: number[] }> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await job(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

/**
 * The HTTP clients run in a worker thread (their own event loop, as separate clients would):
 * keep-alive connections through node's http.Agent, `clients` requests in flight, until `bets`
 * were placed (bench/console-pages.ts gives no end and terminates the worker).
 */
export const CLIENT_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, tokens, markets, bets, clients } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function post(i) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ market_id: markets[i % markets.length], selection_id: 1, is_back: Math.floor(i / markets.length) % 2 === 0 ? 1 : 0, odds: 2, stake: 100, persistence: 'PERSIST' });
    const req = http.request({ host: '127.0.0.1', port, path: '/api/bet/placeMarketBet', method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer ' + tokens[i % tokens.length] } }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve(JSON.parse(data).status === true));
    });
    req.on('error', reject);
    req.end(body);
  });
}
(async () => {
  let next = 0, refused = 0;
  const latencies = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < bets) {
      const i = next++;
      const t = performance.now();
      if (!(await post(i))) refused++;
      latencies.push(performance.now() - t);
    }
  }));
  parentPort.postMessage({ seconds: (performance.now() - started) / 1000, latencies, refused });
  agent.destroy();
})();
`;

async function httpCase(name: string, port: number, tokens: string[], markets: number[], bets = BETS): Promise<Result> {
  const worker = new Worker(CLIENT_SCRIPT, {
    eval: true,
    workerData: { port, tokens, markets, bets, clients: CLIENTS },
  });
  const { seconds, latencies, refused } = await new Promise<{
    seconds: number;
    latencies: number[];
    refused: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (refused > 0) throw new Error(`${name}: ${refused} bets refused`);
  latencies.sort((a, b) => a - b);
  return { name, bets, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * The same one-statement writes straight to the database, without HTTP, auth, validation or the
 * in-memory book: on each market a resting back, then a lay that fills it (order, fill, maker
 * update, two positions, two accounts), one write at a time per market as the service's queue does.
 */
async function bareCase(name: string, db: Db, userIds: number[], markets: number[], bets = BETS): Promise<Result> {
  const accounts = new Map<number, number>();
  for (const u of userIds) accounts.set(u, (await accountOfUser(db, u)).id);
  const state = new Map<number, { version: number; resting?: { id: number; userId: number } }>();
  for (const m of markets) {
    const [row] = await queryRows<{ version: number }>(db, sql`select version from markets where id = ${m}`);
    state.set(m, { version: Number(row!.version) });
  }
  const [seqRow] = await queryRows<{ id: string }>(
    db,
    sql`select setval('orders_id_seq', nextval('orders_id_seq') + 10000000) as id`,
  );
  let nextId = Number(seqRow!.id) - 10_000_000 + 1;
  const queues = new Map<number, Promise<unknown>>();
  const { seconds, latencies } = await drive(bets, CLIENTS, async (i) => {
    const market = markets[i % markets.length]!;
    const user = userIds[i % userIds.length]!;
    const previous = queues.get(market) ?? Promise.resolve();
    const run = previous.then(async () => {
      const s = state.get(market)!;
      const id = nextId++;
      const at = new Date();
      const maker = s.resting;
      const base = {
        id,
        userId: user,
        marketId: market,
        selectionId: 1,
        kind: 'EXCHANGE' as const,
        price: 200,
        line: null,
        sizePaise: 10_000,
        cancelledPaise: 0,
        persistence: 'PERSIST' as const,
        clientRef: null,
        requestKey: null,
        bookSeq: s.version + 1,
        placedAt: at,
      };
      const plan: BetPlan = maker
        ? {
            marketId: market,
            expectVersion: s.version,
            at,
            order: {
              ...base,
              side: 'LAY',
              matchedPaise: 10_000,
              matchedValue: 2_000_000,
              status: 'MATCHED',
              initialMatchedPaise: 10_000,
              initialMatchedValue: 2_000_000,
            },
            fills: [
              {
                makerOrderId: maker.id,
                makerUserId: maker.userId,
                takerUserId: user,
                selectionId: 1,
                takerSide: 'LAY',
                price: 200,
                sizePaise: 10_000,
              },
            ],
            makers: [
              { orderId: maker.id, matchedDeltaPaise: 10_000, valueDelta: 2_000_000, filledOut: true },
            ],
            exposures: [
              { userId: user, accountId: accounts.get(user)!, beforePaise: 0, afterPaise: 10_000 },
              ...(maker.userId === user
                ? []
                : [
                    {
                      userId: maker.userId,
                      accountId: accounts.get(maker.userId)!,
                      beforePaise: 10_000,
                      afterPaise: 10_000,
                    },
                  ]),
            ],
          }
        : {
            marketId: market,
            expectVersion: s.version,
            at,
            order: {
              ...base,
              side: 'BACK',
              matchedPaise: 0,
              matchedValue: 0,
              status: 'OPEN',
              initialMatchedPaise: 0,
              initialMatchedValue: 0,
            },
            fills: [],
            makers: [],
            exposures: [{ userId: user, accountId: accounts.get(user)!, beforePaise: 0, afterPaise: 10_000 }],
          };
      const result = await writeBetStatement(db, plan);
      if (result.kind !== 'ok') throw new Error(`bare write: ${result.kind}`);
      s.version++;
      s.resting = maker ? undefined : { id, userId: user };
    });
    queues.set(
      market,
      run.catch(() => undefined),
    );
    await run;
  });
  return { name, bets, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function engineRun(kind: 'pglite' | 'postgres'): Promise<Result[]> {
  const { handle, drop } = await database(kind);
  try {
    await migrateDatabase(handle);
    const now = new Date();
    await seed(handle.db, now);
    const { ids, tokens } = await bettors(handle.db, now);
    const betting = new BettingService(handle.db, () => new Date());
    const app = buildApp({ db: handle.db, betting });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const [match] = await queryRows<{ id: number }>(
      handle.db,
      sql`select match_id as id from matches where sport_id = 4 order by match_id limit 1`,
    );
    const make = async (n: number) =>
      betting.createMarkets(
        Array.from({ length: n }, (_, i) => ({
          matchId: match!.id,
          kind: 'EXCHANGE' as const,
          marketType: 'MATCH_ODDS' as const,
          name: `Bench ${i}`,
          runners: [{ name: 'A' }, { name: 'B' }],
          inPlay: false,
        })),
      );
    // Each case starts just after a checkpoint, as pgbench's do: a timed checkpoint (every 5 min)
    // falling inside a case makes its backends write full-page images and doubles its db CPU,
    // whichever case it happens to hit. PGlite has no checkpointer of its own to time.
    const measure = async (run: () => Promise<Result>) => {
      if (kind === 'postgres') await queryRows(handle.db, sql`checkpoint`);
      return withCpu(kind, handle.db, run);
    };
    // A warm-up of each path first, not measured: the JIT, the pools' connections and their
    // prepared statements, the bettors' sessions in the server's cache. The measured cases' own
    // markets are still cold, as after a start.
    await httpCase(`${kind}: warm-up`, port, tokens, await make(2), 1000);
    await bareCase(`${kind}: warm-up`, handle.db, ids, await make(1), 1000);
    const results: Result[] = [];
    /** The HTTP case, and how its bets were committed (group commits across markets, ADR 31). */
    const http = async (name: string, markets: number[]) => {
      const before = { ...betting.stats };
      const result = await measure(() => httpCase(name, port, tokens, markets));
      const commits = betting.stats.commits - before.commits;
      const batched = betting.stats.batchedBets - before.batchedBets;
      console.log(
        `${name}: ${commits} group commits (${betting.stats.setwiseCommits - before.setwiseCommits} set-wise) carried ${batched} of ${result.bets} bets (${commits ? (batched / commits).toFixed(1) : 0} a commit, ${betting.stats.batches - before.batches} market batches); the rest were written alone`,
      );
      return result;
    };
    const hot = await make(1);
    results.push(await http(`${kind}: HTTP, 1 hot market`, hot));
    const many = await make(100);
    results.push(await http(`${kind}: HTTP, 100 markets`, many));
    const bareHot = await make(1);
    results.push(await measure(() => bareCase(`${kind}: bare statement, 1 market`, handle.db, ids, bareHot)));
    const bareMany = await make(100);
    results.push(await measure(() => bareCase(`${kind}: bare statement, 100 markets`, handle.db, ids, bareMany)));
    await app.close();
    return results;
  } finally {
    await handle.close();
    await drop();
  }
}

export default async function main(): Promise<void> {
  let kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) kinds.push('postgres');
  else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  // BENCH_ENGINES=postgres (or pglite) runs one engine only.
  if (process.env.BENCH_ENGINES)
    kinds = kinds.filter((k) => process.env.BENCH_ENGINES!.split(',').includes(k));
  console.log(`${BETS} bets per case, ${CLIENTS} concurrent clients`);
  const rows: Result[] = [];
  for (const kind of kinds) rows.push(...(await engineRun(kind)));
  console.log(
    ['case'.padEnd(40), 'bets/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs bare'.padStart(8), 'node CPU ms/bet'.padStart(16), 'db CPU ms/bet'.padStart(14)].join(' '),
  );
  const rate = (r: Result) => r.bets / r.seconds;
  for (const r of rows) {
    // The HTTP figure against the bare statement's rate on the same engine and market count.
    const bare = rows.find((b) => b.name === r.name.replace('HTTP, 1 hot market', 'bare statement, 1 market').replace('HTTP, 100 markets', 'bare statement, 100 markets'));
    console.log(
      [
        r.name.padEnd(40),
        rate(r).toFixed(0).padStart(8),
        r.p50.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        (bare && bare !== r ? `${((rate(r) / rate(bare)) * 100).toFixed(0)}%` : '').padStart(8),
        (r.nodeCpuMs?.toFixed(2) ?? '').padStart(16),
        (r.dbCpuMs?.toFixed(2) ?? '').padStart(14),
      ].join(' '),
    );
  }
  console.log('(vs bare: the HTTP rate as a share of the bare one-statement rate measured in this run; CPU per bet counts the client threads in node CPU)');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
