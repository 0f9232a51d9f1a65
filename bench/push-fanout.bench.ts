/**
 * Live push fan-out: 1,000 WebSocket subscribers on one market while bets change its book at
 * 250 a second (BENCH_PUSH_RATE), on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), else
 * PGlite. Bets go through the betting service in this
 * process; the server listens on loopback; the subscribers run in a worker thread (their own
 * event loop, sharing the machine's 2 cores with the server).
 *
 * Printed: commits/s on the market, deltas/s per subscriber and messages/s delivered in all,
 * and the delay from commit to subscriber, p50/p99, two ways: from the newest commit a delta
 * carries (`at`: how fresh the book a client shows is) and from the oldest one coalesced into it
 * (`since`: the longest a single commit waited, conflation window included). Baseline in the
 * same run: the same delta messages broadcast by a bare `ws` server to 1,000 sockets from the
 * same worker, at the same rate (transport and fan-out alone), and once more while the same bets
 * run on a market nobody watches (the machine as loaded as in the server's run, without the push
 * code: what of the difference is the push's own). Each target line says PASS or MISS (the
 * process does not fail on a MISS).
 *
 * Every update reaches every subscriber: each subscriber keeps the market's book as it would show
 * it (the image, then each delta applied); once deliveries have stopped after the paced run, every
 * one of those books is compared with the server's final book (match/getMatchDetail), and each
 * subscriber's newest delta is checked to carry the last commit.
 * Run: `npx tsx bench/push-fanout.bench.ts`.
 */
import type {} from '../apps/server/src/types.d.ts';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { and, eq } from 'drizzle-orm';
import { WebSocketServer } from 'ws';
import { SPORT } from '@exchange/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { matches } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { accountOfUser, transfer, worldAccount } from '../apps/server/src/services/money/index.ts';
import { hashPassword } from '../apps/server/src/services/passwords.ts';
import { createUser } from '../apps/server/src/services/users.ts';
import { database } from './bet-path.bench.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const RATE = Number(process.env.BENCH_PUSH_RATE ?? 250);
const SECONDS = Number(process.env.BENCH_PUSH_SECONDS ?? 10);
const BETTORS = 8;

/**
 * The subscribers: SUBSCRIBERS sockets, each subscribing to the market; every delta's delay is
 * measured on arrival against the commit times it carries. The first socket keeps the raw
 * deltas, which the baseline broadcasts again. Each socket builds its own copy of the market
 * (the image without the watcher's own position fields, then every delta applied) and notes the
 * sequence gaps it saw and the newest commit time it was sent.
 */
const CLIENT_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
let sockets = [];
let record = null;
let books = null;
const now = () => performance.timeOrigin + performance.now();
function shared(market) {
  const { exposure, fancy_positions, runners, ...rest } = market;
  return { ...rest, runners: runners.map(({ position, ...runner }) => runner) };
}
function apply(book, changes) {
  for (const [key, value] of Object.entries(changes)) {
    if (key !== 'runners') book[key] = value;
    else
      for (const runner of value) {
        const at = book.runners.findIndex((r) => r.selection_id === runner.selection_id);
        if (at >= 0) book.runners[at] = runner;
        else book.runners.push(runner);
      }
  }
}
function connect({ url, count, marketId, subscribe }) {
  record = { newest: [], oldest: [], deltas: new Array(count).fill(0), raw: [], first: Infinity, last: 0 };
  books = { markets: new Array(count).fill(null), seqs: new Array(count).fill(-1), gaps: new Array(count).fill(0), lastAt: new Array(count).fill(0) };
  return Promise.all(Array.from({ length: count }, (_, i) => new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.on('error', reject);
    ws.on('message', (data) => {
      const text = data.toString();
      const m = JSON.parse(text);
      if (m.type === 'ready' && subscribe) ws.send(JSON.stringify({ op: 'subscribe', market_ids: [marketId] }));
      else if (m.type === 'market_image' || (m.type === 'hello' && !subscribe)) {
        if (m.type === 'market_image') {
          books.markets[i] = shared(m.market);
          books.seqs[i] = m.seq;
        }
        resolve();
      } else if (m.type === 'market_delta' && record) {
        if (books.markets[i]) {
          if (m.seq !== books.seqs[i] + 1) books.gaps[i]++;
          books.seqs[i] = m.seq;
          apply(books.markets[i], m.changes);
        }
        books.lastAt[i] = Math.max(books.lastAt[i], m.at);
        const t = now();
        record.newest.push(t - m.at);
        record.oldest.push(t - m.since);
        record.deltas[i]++;
        record.first = Math.min(record.first, t);
        record.last = Math.max(record.last, t);
        if (i === 0) record.raw.push(text);
      }
    });
  })));
}
parentPort.on('message', async (msg) => {
  if (msg.op === 'connect') {
    await connect(msg);
    parentPort.postMessage({ op: 'connected' });
  } else if (msg.op === 'reset') {
    record = { newest: [], oldest: [], deltas: record.deltas.fill(0), raw: [], first: Infinity, last: 0 };
    parentPort.postMessage({ op: 'reset' });
  } else if (msg.op === 'count') {
    parentPort.postMessage({ op: 'counted', deltas: record.deltas.reduce((a, b) => a + b, 0) });
  } else if (msg.op === 'books') {
    parentPort.postMessage({ op: 'books', ...books });
  } else if (msg.op === 'collect') {
    parentPort.postMessage({ op: 'collected', ...record });
    for (const ws of sockets) ws.terminate();
    sockets = [];
  }
});
`;

interface Collected {
  newest: number[];
  oldest: number[];
  deltas: number[];
  raw: string[];
  first: number;
  last: number;
}

interface Books {
  /** Each subscriber's copy of the market (null if it never had the image). */
  markets: (Record<string, unknown> | null)[];
  /** The sequence number of the last image or delta each one applied. */
  seqs: number[];
  /** Deltas each one received out of sequence. */
  gaps: number[];
  /** The newest commit time among the deltas each one received. */
  lastAt: number[];
}

/** JSON with object keys sorted, so two copies of a book compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A market as every subscriber sees it: getMatchDetail's view without the caller's own position. */
function sharedBook(market: Record<string, unknown> & { runners: Record<string, unknown>[] }): Record<string, unknown> {
  const { exposure: _exposure, fancy_positions: _positions, runners, ...rest } = market;
  return { ...rest, runners: runners.map(({ position: _position, ...runner }) => runner) };
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** The p50 and p99 of the samples, sorted once. */
function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
  return { p50: at(50), p99: at(99) };
}

class Subscribers {
  private readonly worker = new Worker(CLIENT_SCRIPT, { eval: true });
  private ask<T>(message: Record<string, unknown>, answer: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { op: string }) => {
        if (m.op !== answer) return;
        this.worker.off('message', onMessage);
        this.worker.off('error', onError);
        resolve(m as T);
      };
      const onError = (error: Error) => {
        this.worker.off('message', onMessage);
        reject(error);
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage(message);
    });
  }
  connect(url: string, marketId: number, subscribe: boolean) {
    return this.ask({ op: 'connect', url, count: SUBSCRIBERS, marketId, subscribe }, 'connected');
  }
  reset() {
    return this.ask({ op: 'reset' }, 'reset');
  }
  collect() {
    return this.ask<Collected>({ op: 'collect' }, 'collected');
  }
  /** Deltas received in all since the last reset. */
  async count() {
    return (await this.ask<{ deltas: number }>({ op: 'count' }, 'counted')).deltas;
  }
  books() {
    return this.ask<Books>({ op: 'books' }, 'books');
  }
  stop() {
    return this.worker.terminate();
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export default async function main(): Promise<void> {
  const benchStarted = Date.now();
  // PostgreSQL when one is given: PGlite runs inside this process and its writes stall the event
  // loop that also does the pushing, which is not what a deployment looks like.
  const kind = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const { handle, drop } = await database(kind);
  console.log(`database: ${kind}`);
  await migrateDatabase(handle);
  const db = handle.db;
  const now = () => new Date();
  await seed(db, now());
  // The sockets on this process's loop, beside the bet path, as server.ts runs them by default;
  // BENCH_SOCKET_HOST=1 puts them in the socket host process (ADR 62).
  const socketHost = process.env.BENCH_SOCKET_HOST === '1';
  console.log(`sockets: ${socketHost ? 'in the socket host process' : 'in the server process'}`);
  const app = buildApp({ db, live: { maxSocketsPerUser: SUBSCRIBERS + 10, socketHost } });
  await app.ready();
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const subscribers = new Subscribers();
  try {
    // The market, its bettors (funded from the world account) and the watching user's token.
    const [match] = await db
      .select({ matchId: matches.matchId })
      .from(matches)
      .where(and(eq(matches.sportId, SPORT.CRICKET), eq(matches.isActive, true)))
      .limit(1);
    const market = await app.betting.createMarket({
      matchId: match!.matchId,
      kind: 'EXCHANGE',
      marketType: 'MATCH_ODDS',
      name: 'Push bench',
      runners: [{ name: 'Home' }, { name: 'Away' }],
      inPlay: false,
    });
    const hash = await hashPassword('Bench@1234');
    const world = await worldAccount(db);
    const bettors: number[] = [];
    for (let i = 0; i < BETTORS; i++) {
      const user = await createUser(db, { userName: `pushbench${i}`, passwordHash: hash, role: 'user', parentId: null }, now());
      const account = await accountOfUser(db, user.id);
      await transfer(
        db,
        { idempotencyKey: `pushbench:${i}`, debitAccountId: world.id, creditAccountId: account.id, amountPaise: 1e11, reason: 'DEPOSIT', remark: 'bench' },
        now(),
      );
      bettors.push(user.id);
    }
    const watcher = (await app.inject({ method: 'POST', url: '/api/user/login', payload: { user_name: 'demo3', password: 'Demo@1234' } })).json()
      .data.usertoken as string;

    const connectStarted = Date.now();
    await subscribers.connect(`ws://127.0.0.1:${port}/ws?token=${watcher}`, market.id, true);
    console.log(`${SUBSCRIBERS} subscribers connected, authenticated and holding the image in ${Date.now() - connectStarted} ms (${origin})`);
    await subscribers.reset();

    // Bets that all rest and all move the visible ladder: lays at the top three back prices,
    // backs at the top three lay prices, far apart so nothing matches.
    const commits: number[] = [];
    const stopCounting = app.betting.onCommitted((e) => {
      if (e.marketId === market.id) commits.push(e.committedAt);
    });
    const shapes = [
      { is_back: 0, odds: 1.5 },
      { is_back: 0, odds: 1.51 },
      { is_back: 0, odds: 1.52 },
      { is_back: 1, odds: 3 },
      { is_back: 1, odds: 3.05 },
      { is_back: 1, odds: 3.1 },
    ];
    /** RATE bets a second for SECONDS on the market, each resting; answers how many were refused. */
    const paceBets = async (marketId: number): Promise<number> => {
      const from = performance.now();
      let refusals = 0;
      const inFlight = new Set<Promise<unknown>>();
      for (let i = 0; i < RATE * SECONDS; i++) {
        // Paced: bet i leaves at i / RATE seconds.
        const due = from + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const shape = shapes[i % shapes.length]!;
        const bet = app.betting
          .placeMarketBet(bettors[i % BETTORS]!, { market_id: marketId, selection_id: 1 + (i % 2), stake: 100, ...shape }, { noDelay: true })
          .catch(() => void refusals++);
        inFlight.add(bet);
        void bet.finally(() => inFlight.delete(bet));
      }
      await Promise.all(inFlight);
      return refusals;
    };
    const total = RATE * SECONDS;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const started = performance.now();
    const refused = await paceBets(market.id);
    const betSeconds = (performance.now() - started) / 1000;
    loopDelay.disable();
    // Quiescence: the last window flushes and every socket drains. Done once the subscribers'
    // delta count has not moved for 1 s (ten conflation windows), at most 30 s.
    const quietStarted = performance.now();
    let delivered = await subscribers.count();
    for (let still = 0; still < 4 && performance.now() - quietStarted < 30_000; ) {
      await new Promise((r) => setTimeout(r, 250));
      const n = await subscribers.count();
      still = n === delivered ? still + 1 : 0;
      delivered = n;
    }
    const quietMs = performance.now() - quietStarted;
    stopCounting();
    // The server's final book, as any client reads it, against every subscriber's copy.
    const detail = (
      await app.inject({ method: 'POST', url: '/api/match/getMatchDetail', headers: { authorization: `Bearer ${watcher}` }, payload: { match_id: match!.matchId } })
    ).json().data as { markets: (Record<string, unknown> & { market_id: number; runners: Record<string, unknown>[] })[] };
    const finalBook = canonical(sharedBook(detail.markets.find((m) => m.market_id === market.id)!));
    const books = await subscribers.books();
    const lastCommit = Math.max(...commits);
    const withFinalBook = books.markets.filter((b) => b !== null && canonical(b) === finalBook).length;
    const withLastCommit = books.lastAt.filter((at) => at >= lastCommit).length;
    const withGaps = books.gaps.filter((g) => g > 0).length;
    const live = await subscribers.collect();
    const commitRate = commits.length / ((Math.max(...commits) - Math.min(...commits)) / 1000);
    const deltasPerClient = live.deltas.reduce((a, b) => a + b, 0) / SUBSCRIBERS;
    const deliverySeconds = (live.last - live.first) / 1000;
    if (refused > 0) throw new Error(`${refused} bets refused`);

    // Baseline: a bare ws server broadcasting the same deltas to as many sockets, at the same pace.
    const gapMs = (deliverySeconds * 1000) / Math.max(1, live.raw.length - 1);
    const bareBroadcast = async (load?: () => Promise<number>): Promise<Collected> => {
      const bare = new WebSocketServer({ host: '127.0.0.1', port: 0 });
      await new Promise<void>((r) => bare.once('listening', () => r()));
      bare.on('connection', (socket) => socket.send(JSON.stringify({ type: 'hello' })));
      const barePort = (bare.address() as AddressInfo).port;
      await subscribers.connect(`ws://127.0.0.1:${barePort}`, market.id, false);
      const loaded = load?.();
      const baseStarted = performance.now();
      for (let i = 0; i < live.raw.length; i++) {
        const due = baseStarted + i * gapMs;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const t = performance.timeOrigin + performance.now();
        const frame = Buffer.from(JSON.stringify({ ...JSON.parse(live.raw[i]!), at: t, since: t }));
        for (const socket of bare.clients) socket.send(frame, { binary: false });
      }
      if (((await loaded) ?? 0) > 0) throw new Error('bets refused under the loaded baseline');
      await new Promise((r) => setTimeout(r, 500));
      const collected = await subscribers.collect();
      await new Promise<void>((r) => bare.close(() => r()));
      return collected;
    };
    const base = await bareBroadcast();
    // The same, while the same bets go on (on a market nobody watches): the machine as loaded as
    // in the server's run (the bet path on this loop, PostgreSQL or PGlite busy), with no push code.
    const unwatched = await app.betting.createMarket({
      matchId: match!.matchId,
      kind: 'EXCHANGE',
      marketType: 'MATCH_ODDS',
      name: 'Push bench, unwatched',
      runners: [{ name: 'Home' }, { name: 'Away' }],
      inPlay: false,
    });
    const loadedBase = await bareBroadcast(() => paceBets(unwatched.id));

    const meanBytes = live.raw.reduce((a, r) => a + r.length, 0) / Math.max(1, live.raw.length);
    const newest = percentiles(live.newest);
    const oldest = percentiles(live.oldest);
    const baseDelay = percentiles(base.newest);
    const loadedDelay = percentiles(loadedBase.newest);
    console.log(
      [
        `bets placed: ${total} in ${betSeconds.toFixed(1)} s; commits on the market ${commitRate.toFixed(0)}/s (target >= 200/s) ${verdict(commitRate >= 200)}`,
        `deltas per subscriber: ${deltasPerClient.toFixed(0)} = ${(deltasPerClient / deliverySeconds).toFixed(1)}/s (conflated, <= 10/s); mean delta ${meanBytes.toFixed(0)} bytes; ${app.live.stats.deltas} serializations for ${app.live.stats.frames} frames`,
        `messages delivered: ${(live.newest.length / deliverySeconds).toFixed(0)}/s to ${SUBSCRIBERS} sockets`,
        `commit -> subscriber, newest commit in the delta: p50 ${ms(newest.p50)}, p99 ${ms(newest.p99)} (target p99 <= 100 ms) ${verdict(newest.p99 <= 100)}`,
        `commit -> subscriber, oldest commit coalesced:   p50 ${ms(oldest.p50)}, p99 ${ms(oldest.p99)} (includes the 100 ms window)`,
        `baseline, bare ws broadcast of the same ${live.raw.length} deltas: ${(base.newest.length / ((base.last - base.first) / 1000)).toFixed(0)} messages/s, send -> subscriber p50 ${ms(baseDelay.p50)}, p99 ${ms(baseDelay.p99)}`,
        `p99 / bare ws p99: ${(newest.p99 / baseDelay.p99).toFixed(2)} (target <= 1.2) ${verdict(newest.p99 <= 1.2 * baseDelay.p99)}`,
        `bare ws broadcast while the same bets run (on a market nobody watches): send -> subscriber p50 ${ms(loadedDelay.p50)}, p99 ${ms(loadedDelay.p99)}; p99 / it: ${(newest.p99 / loadedDelay.p99).toFixed(2)}`,
        `every subscriber has the final book: ${withFinalBook === SUBSCRIBERS ? 'yes' : 'no'} (${withFinalBook} of ${SUBSCRIBERS}); newest delta carries the last commit: ${withLastCommit} of ${SUBSCRIBERS}; subscribers that saw a sequence gap: ${withGaps}; quiet after ${ms(quietMs)}`,
        `server event loop delay during the bets: p50 ${ms(loopDelay.percentile(50) / 1e6)}, p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}; ${app.betting.stats.batchedBets} bets in ${app.betting.stats.batches} group commits`,
        `total ${((Date.now() - benchStarted) / 1000).toFixed(1)} s`,
      ].join('\n'),
    );
  } finally {
    await subscribers.stop();
    await app.close();
    await handle.close();
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
