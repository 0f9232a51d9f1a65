/**
 * Casino table push (issue 26): 1,000 open game pages on one table, fed by the table's
 * server-sent event stream, against the polling they replace.
 *
 * One provider (apps/casino-provider/src/app.ts, built in this process, listening on loopback)
 * runs one Teen Patti T20 table with short timings, so its state changes every 300-500 ms (a round
 * opens, betting closes with the first card, five more cards, the result). Its history is filled
 * first by a faster run on the same data dir, so every frame is as big as a page's in production
 * (the last 10 rounds with their proofs, a road of 72). The pages run in a worker thread (their
 * own event loop, sharing the machine's cores with the provider).
 *
 * 1. Push: 1,000 streams (`GET /api/table/:code/stream`). Each `table` frame carries its change's
 *    server time (`serverNow`, Date.now() on the same machine); on receipt each page notes the
 *    delay. Printed: change -> page p50/p99 (target p99 <= 200 ms), whether every page saw every
 *    change, the provider's CPU per page per second.
 * 2. Polling: 1,000 pages asking `GET /api/table/:code/state` every 500 ms (each 500 ms after its
 *    last answer, as the page did), over keep-alive connections. Each change is seen by a poller
 *    with the first answer showing it or a later state (a state shown for less than 500 ms may be
 *    skipped): the same delay, from the change's time as the table told it.
 * The provider's CPU is its main thread's (where Fastify, the table and the push run), read from
 * /proc (Linux): process.cpuUsage() would count the pages' worker thread too. Its CPU with the
 * table running and no page is measured first and subtracted. Each target line says PASS or MISS
 * (the process does not fail on a MISS). The pages read a frame's round id, phase, card count
 * and server time from its first bytes without decoding the rest (one page parses every frame
 * whole, to check them), so that the harness's own parsing queues up as little as it can in
 * front of the delays measured: 1,000 pages in one thread read 1,000 times what a browser does.
 * Run: `npx tsx bench/casino-push.bench.ts`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildProviderApp } from '../apps/casino-provider/src/app.ts';
import type { TableChange } from '../apps/casino-provider/src/rounds/table.ts';
import { historyFrame, tableFrame } from '../apps/casino-provider/src/routes/views.ts';

const PAGES = Number(process.env.BENCH_CASINO_PAGES ?? 1000);
const SECONDS = Number(process.env.BENCH_CASINO_SECONDS ?? 20);
const POLL_MS = 500;
const CODE = 'imlive1001';
/** Round timings of the measured runs: a change every 300-500 ms. */
const TIMINGS = { bettingMs: 500, revealMs: 400, maxDealMs: 3000, resultMs: 500 };

/**
 * The pages. `sse`: one stream each; `poll`: one keep-alive connection each, asking the state
 * every POLL_MS after its last answer. Each page notes when it first saw each state of the table
 * (key: round id, phase, cards turned); a stream page also notes the delay of each frame after
 * its first from the frame's serverNow.
 */
const PAGE_SCRIPT = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
let pages = [];
let seen = [];
let delays = [];
let stopped = false;
let bad = 0;
// The state's key and server time, from the first bytes of a view (the round's head and its
// cards come before the history); the whole text only if they do not hold them.
const head = (json) => {
  const round = json.indexOf('"round":{');
  const from = json.indexOf('"cards":[', round);
  const to = from < 0 ? -1 : json.indexOf(']', from);
  if (round < 0 || to < 0) return null;
  const roundId = /"roundId":"(\\d+)"/.exec(json.slice(round))[1];
  const phase = /"phase":"(\\w+)"/.exec(json.slice(round))[1];
  const cards = json.slice(from, to).split('"card":').length - 1;
  const serverNow = Number(/"serverNow":(\\d+)/.exec(json)[1]);
  return { key: roundId + ':' + phase + ':' + cards, serverNow };
};
const HEAD_BYTES = 2048;
function note(i, bytes, fromStream) {
  const t = Date.now();
  const { key, serverNow } = head(bytes.toString('latin1', 0, Math.min(bytes.length, HEAD_BYTES))) ?? head(bytes.toString('utf8'));
  if (i === 0) {
    // one page reads every frame whole, as a page does: the quick read is checked against it
    const view = JSON.parse(bytes.toString('utf8'));
    if (view.round.cards.length !== Number(key.split(':')[2]) || view.serverNow !== serverNow) bad++;
  }
  if (!seen[i].has(key)) seen[i].set(key, t);
  if (fromStream && pages[i].frames++ > 0) delays.push(t - serverNow);
}
function openStream(url, i) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      if (res.statusCode !== 200) return reject(new Error('stream answered ' + res.statusCode));
      // bytes, not text: a frame is decoded only as far as the page's figures need
      let buffer = Buffer.alloc(0);
      res.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (let end = buffer.indexOf('\\n\\n'); end >= 0; end = buffer.indexOf('\\n\\n')) {
          const block = buffer.subarray(0, end);
          buffer = buffer.subarray(end + 2);
          const fields = block.toString('latin1', 0, 64);
          if (!fields.includes('event: table')) continue;
          note(i, block.subarray(block.indexOf('data: ') + 6), true);
          resolve();
        }
      });
    });
    req.on('error', (e) => (stopped ? undefined : reject(e)));
    pages[i] = { req, frames: 0 };
  });
}
function poller(url, i, agent, first) {
  pages[i] = { agent, frames: 0 };
  let resolveFirst;
  const ready = new Promise((r) => (resolveFirst = r));
  const ask = () => {
    if (stopped) return;
    http.get(url, { agent }, (res) => {
      const body = [];
      res.on('data', (c) => body.push(c));
      res.on('end', () => {
        if (res.statusCode === 200) note(i, Buffer.concat(body), false);
        resolveFirst();
        setTimeout(ask, ${POLL_MS});
      });
    }).on('error', () => (stopped ? undefined : setTimeout(ask, ${POLL_MS})));
  };
  setTimeout(ask, first);
  return ready;
}
parentPort.on('message', async (msg) => {
  try {
    if (msg.op === 'sse' || msg.op === 'poll') {
      stopped = false;
      pages = [];
      seen = Array.from({ length: msg.count }, () => new Map());
      // spread over the first poll interval, as pages opened at different moments
      await Promise.all(Array.from({ length: msg.count }, (_, i) =>
        msg.op === 'sse' ? openStream(msg.url, i) : poller(msg.url, i, new http.Agent({ keepAlive: true, maxSockets: 1 }), (i * ${POLL_MS}) / msg.count)));
      parentPort.postMessage({ op: 'opened' });
    } else if (msg.op === 'reset') {
      for (const s of seen) s.clear();
      delays = [];
      parentPort.postMessage({ op: 'reset' });
    } else if (msg.op === 'collect') {
      stopped = true;
      parentPort.postMessage({ op: 'collected', seen: seen.map((s) => [...s]), delays, bad });
      for (const p of pages) {
        if (p.req) p.req.destroy();
        if (p.agent) p.agent.destroy();
      }
      pages = [];
    }
  } catch (error) {
    parentPort.postMessage({ op: 'failed', message: String((error && error.message) || error) });
  }
});
`;

interface Collected {
  /** Per page: [state key, ms when first seen]. */
  seen: [string, number][][];
  /** Stream pages: serverNow -> arrival of each change frame, ms. */
  delays: number[];
  /** Frames whose whole parse disagreed with the quick read (page 0). */
  bad: number;
}

class Pages {
  private readonly worker = new Worker(PAGE_SCRIPT, { eval: true });
  private ask<T>(message: Record<string, unknown>, answer: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { op: string; message?: string }) => {
        if (m.op !== answer && m.op !== 'failed') return;
        this.worker.off('message', onMessage);
        if (m.op === 'failed') reject(new Error(m.message));
        else resolve(m as T);
      };
      this.worker.on('message', onMessage);
      this.worker.postMessage(message);
    });
  }
  open(op: 'sse' | 'poll', url: string) {
    return this.ask({ op, url, count: PAGES }, 'opened');
  }
  reset() {
    return this.ask({ op: 'reset' }, 'reset');
  }
  collect() {
    return this.ask<Collected>({ op: 'collect' }, 'collected');
  }
  stop() {
    return this.worker.terminate();
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const ms = (n: number) => `${n.toFixed(0)} ms`;

function percentiles(values: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) ?? NaN };
}

/** CPU seconds of this process's main thread (the provider's loop), from /proc; the whole process elsewhere. */
function mainThreadCpuSeconds(): number {
  try {
    const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8')
      .split(') ')[1]!
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
}

interface Change {
  key: string;
  at: number;
}

/**
 * Each change's delay to each page: the first time the page saw that state or a later one. Only
 * changes the pages had time to see (up to `until`) count.
 */
function delaysOf(changes: Change[], collected: Collected, until: number) {
  const order = new Map(changes.map((c, i) => [c.key, i]));
  const counted = changes.filter((c) => c.at <= until);
  const delays: number[] = [];
  let pagesSawAll = 0;
  let statesSkipped = 0;
  for (const page of collected.seen) {
    // the earliest time this page saw change i or any later one
    const firstAt = new Array<number>(changes.length).fill(Infinity);
    let exact = 0;
    for (const [key, t] of page) {
      const i = order.get(key);
      if (i === undefined) continue;
      if (changes[i]!.at <= until) exact++;
      for (let k = 0; k <= i; k++) firstAt[k] = Math.min(firstAt[k]!, t);
    }
    if (exact === counted.length) pagesSawAll++;
    statesSkipped += counted.length - exact;
    counted.forEach((c, i) => {
      if (Number.isFinite(firstAt[i])) delays.push(firstAt[i]! - c.at);
    });
  }
  return { delays, pagesSawAll, statesSkipped, changes: counted.length };
}

export default async function main(): Promise<void> {
  const benchStarted = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-push-'));
  const base = {
    platformUrl: 'http://127.0.0.1:9',
    providerId: 'bench',
    secret: 'bench-secret',
    gameCodes: [CODE],
    dataDir,
    push: { maxStreams: PAGES + 10 },
  };
  // A history first: 80-odd rounds in a few seconds, kept in the data dir.
  const filler = buildProviderApp({
    ...base,
    timings: { bettingMs: 5, revealMs: 2, maxDealMs: 20, resultMs: 5 },
  });
  await filler.ready();
  await new Promise((r) => setTimeout(r, 4000));
  await filler.close();

  const app = buildProviderApp({ ...base, timings: TIMINGS });
  const table = app.services.tables.get(CODE)!;
  let changes: Change[] = [];
  table.onChange((_c: TableChange, t) =>
    changes.push({ key: `${t.current.roundId}:${t.current.phase}:${t.current.revealed}`, at: Date.now() }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // What a page is sent per change (the table without its finished rounds), and what it polled
  // (the whole state, every 500 ms); the finished rounds go once a round (at the result).
  const stateBytes = (await app.inject(`/api/table/${CODE}/state`)).body.length;
  const frameBytes = JSON.stringify(tableFrame({ clock: app.services.clock }, table)).length;
  const historyBytes = JSON.stringify(historyFrame(table)).length;
  const pages = new Pages();
  try {
    // The provider alone: the table running, nobody watching.
    const idleFrom = mainThreadCpuSeconds();
    await new Promise((r) => setTimeout(r, 3000));
    const idlePerSecond = (mainThreadCpuSeconds() - idleFrom) / 3;

    /** One run: the pages opened, SECONDS measured, then 1.5 s for the last changes to arrive. */
    const run = async (op: 'sse' | 'poll', url: string) => {
      const openedAt = Date.now();
      await pages.open(op, url);
      const openMs = Date.now() - openedAt;
      await new Promise((r) => setTimeout(r, 1000));
      await pages.reset();
      changes = [];
      const from = Date.now();
      const cpuFrom = mainThreadCpuSeconds();
      const processFrom = process.cpuUsage();
      const stats = { ...app.services.push.stats };
      await new Promise((r) => setTimeout(r, SECONDS * 1000));
      const seconds = (Date.now() - from) / 1000;
      const cpu = mainThreadCpuSeconds() - cpuFrom;
      const processCpu = process.cpuUsage(processFrom);
      const until = Date.now();
      const after = app.services.push.stats;
      const serializations = after.tableFrames - stats.tableFrames;
      const fanoutMs = (after.tableFanoutMs - stats.tableFanoutMs) / Math.max(1, serializations);
      await new Promise((r) => setTimeout(r, 1500));
      const collected = await pages.collect();
      return {
        openMs,
        seconds,
        cpu,
        processCpu: (processCpu.user + processCpu.system) / 1e6,
        serializations,
        fanoutMs,
        maxFanoutMs: after.maxFanoutMs,
        collected,
        ...delaysOf(changes, collected, until),
      };
    };

    const push = await run('sse', `${origin}/api/table/${CODE}/stream`);
    await new Promise((r) => setTimeout(r, 1000));
    const poll = await run('poll', `${origin}/api/table/${CODE}/state`);

    const perPage = (r: { cpu: number; seconds: number }) =>
      ((r.cpu / r.seconds - idlePerSecond) / PAGES) * 1e6;
    const pushD = percentiles(push.delays);
    const pushFrame = percentiles(push.collected.delays);
    const pollD = percentiles(poll.delays);
    const pushCpu = perPage(push);
    const pollCpu = perPage(poll);
    const changeGap = (push.seconds * 1000) / Math.max(1, push.changes);
    console.log(
      [
        `provider: one ${CODE} table, a change every ${changeGap.toFixed(0)} ms on average (${push.changes} changes in ${push.seconds.toFixed(1)} s); a table frame ${(frameBytes / 1024).toFixed(1)} KB, the finished rounds ${(historyBytes / 1024).toFixed(1)} KB once a round, a polled state ${(stateBytes / 1024).toFixed(1)} KB; ${PAGES} pages`,
        `provider main thread idle (table running, no page): ${(idlePerSecond * 1000).toFixed(1)} ms CPU/s`,
        `push: ${PAGES} streams opened in ${push.openMs} ms; ${push.serializations} serializations for ${push.changes} changes; a change handed to every socket (serialized, written) in ${push.fanoutMs.toFixed(1)} ms on average, ${push.maxFanoutMs.toFixed(1)} ms at most`,
        `push: change -> page (first seen, vs the table's change time): p50 ${ms(pushD.p50)}, p99 ${ms(pushD.p99)}, max ${ms(pushD.max)} (target p99 <= 200 ms) ${verdict(pushD.p99 <= 200)}`,
        `push: change -> page (frame's serverNow): p50 ${ms(pushFrame.p50)}, p99 ${ms(pushFrame.p99)}, ${push.collected.delays.length} frames`,
        `push: pages that saw every change: ${push.pagesSawAll} of ${PAGES} ${verdict(push.pagesSawAll === PAGES)}; frames misread: ${push.collected.bad}`,
        `push: provider CPU ${((push.cpu / push.seconds) * 1000).toFixed(0)} ms/s = ${pushCpu.toFixed(1)} µs per page per second over idle (whole process with the pages' thread: ${((push.processCpu / push.seconds) * 1000).toFixed(0)} ms/s)`,
        `polling every ${POLL_MS} ms: ${PAGES} pollers started in ${poll.openMs} ms; ${poll.changes} changes`,
        `polling: change -> page (first answer showing it or later): p50 ${ms(pollD.p50)}, p99 ${ms(pollD.p99)}, max ${ms(pollD.max)}`,
        `polling: pages that saw every state: ${poll.pagesSawAll} of ${PAGES}; states skipped (shown < ${POLL_MS} ms between two polls): ${((poll.statesSkipped / (PAGES * Math.max(1, poll.changes))) * 100).toFixed(1)}%`,
        `polling: provider CPU ${((poll.cpu / poll.seconds) * 1000).toFixed(0)} ms/s = ${pollCpu.toFixed(1)} µs per page per second over idle (whole process: ${((poll.processCpu / poll.seconds) * 1000).toFixed(0)} ms/s)`,
        `polling / push: delay p50 ${(pollD.p50 / pushD.p50).toFixed(1)}x, p99 ${(pollD.p99 / pushD.p99).toFixed(1)}x; provider CPU per page ${(pollCpu / pushCpu).toFixed(1)}x`,
        `total ${((Date.now() - benchStarted) / 1000).toFixed(1)} s`,
      ].join('\n'),
    );
  } finally {
    await pages.stop();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
