/**
 * WebSocket subscribers of the live push (packages/contracts/src/live.ts), spread over worker
 * threads so that reading 1,000 sockets is not one event loop's queue: each socket authenticates
 * with its own token (`?token=`), subscribes to one market, and notes, for every market delta,
 * the time from the commit it carries (`at`, the server's wall clock; same machine) to its arrival,
 * and the delta's sequence number (a gap means a lost delta).
 */
import { Worker } from 'node:worker_threads';

const WORKER_SCRIPT = `
const { parentPort } = require('node:worker_threads');
const WebSocket = require('ws');
let sockets = [];
let delays = [];
let lastSeq = [];
let deltas = [];
let gaps = 0;
const now = () => performance.timeOrigin + performance.now();
function open(url, i, marketId) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error('socket closed: ' + code)));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === 'ready') ws.send(JSON.stringify({ op: 'subscribe', market_ids: [marketId] }));
      else if (m.type === 'market_image') {
        lastSeq[i] = m.seq;
        resolve();
      } else if (m.type === 'market_delta') {
        delays.push(now() - m.at);
        deltas[i]++;
        if (m.seq !== lastSeq[i] + 1) gaps++;
        lastSeq[i] = m.seq;
      } else if (m.type === 'error') reject(new Error(m.code + ': ' + m.message));
    });
  });
}
parentPort.on('message', async (msg) => {
  try {
    if (msg.op === 'connect') {
      lastSeq = new Array(msg.urls.length).fill(-1);
      deltas = new Array(msg.urls.length).fill(0);
      await Promise.all(msg.urls.map((url, i) => open(url, i, msg.marketId)));
      delays = [];
      gaps = 0;
      parentPort.postMessage({ op: 'connected' });
    } else if (msg.op === 'collect') {
      parentPort.postMessage({ op: 'collected', delays, lastSeq, deltas, gaps });
      delays = [];
    } else if (msg.op === 'close') {
      for (const ws of sockets) { ws.removeAllListeners('close'); ws.terminate(); }
      sockets = [];
      parentPort.postMessage({ op: 'closed' });
    }
  } catch (error) {
    parentPort.postMessage({ op: 'failed', message: String(error && error.message || error) });
  }
});
`;

export interface PushSamples {
  /** Commit -> arrival of every delta on every socket, ms. */
  delays: number[];
  /** Each socket's last sequence number of the market. */
  lastSeq: number[];
  /** Deltas each socket received. */
  deltas: number[];
  /** Deltas that did not follow the previous one's sequence number. */
  gaps: number;
}

function ask<T>(worker: Worker, message: Record<string, unknown>, answer: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { op: string; message?: string }) => {
      if (m.op !== answer && m.op !== 'failed') return;
      worker.off('message', onMessage);
      if (m.op === 'failed') reject(new Error(m.message));
      else resolve(m as T);
    };
    worker.on('message', onMessage);
    worker.postMessage(message);
  });
}

export class PushSubscribers {
  private readonly workers: Worker[];

  constructor(threads: number) {
    this.workers = Array.from({ length: threads }, () => new Worker(WORKER_SCRIPT, { eval: true }));
  }

  /** Opens one socket per URL (each with its own token), all subscribed to the market, holding its image. */
  async connect(urls: string[], marketId: number): Promise<void> {
    const share = Math.ceil(urls.length / this.workers.length);
    await Promise.all(
      this.workers.map((w, k) =>
        ask(w, { op: 'connect', urls: urls.slice(k * share, (k + 1) * share), marketId }, 'connected'),
      ),
    );
  }

  /** The samples since connect (or the last collect), from every thread. */
  async collect(): Promise<PushSamples> {
    const parts = await Promise.all(
      this.workers.map((w) => ask<PushSamples>(w, { op: 'collect' }, 'collected')),
    );
    return {
      delays: parts.flatMap((p) => p.delays),
      lastSeq: parts.flatMap((p) => p.lastSeq),
      deltas: parts.flatMap((p) => p.deltas),
      gaps: parts.reduce((n, p) => n + p.gaps, 0),
    };
  }

  /** Closes the sockets; the threads stay for the next connect. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => ask(w, { op: 'close' }, 'closed')));
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
