/**
 * Two server processes' apps on one PostgreSQL database with a real NATS broker between them
 * (ADR 37): a commit on one reaches the other's sockets, caches and market memory; a revocation
 * on one ends the session on the other; the broker going away makes the caches read the
 * database, and its return resyncs the sockets. The broker is a private nats-server of this suite,
 * so stopping it disturbs nobody else.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createMatchOdds, firstMatchOf, newBettor } from '../test/betting.ts';
import { seededPostgresDatabase, testContextOf, type TestContext } from '../test/databases.ts';
import { LiveTestClient } from '../test/live-client.ts';
import { PrivateNats } from '../test/private-nats.ts';
import { NatsBroker } from './broker.ts';
import { ClusterBus } from './bus.ts';
import { LeaseKeeper, tryLease } from './leases.ts';

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

interface Process {
  app: FastifyInstance;
  ctx: TestContext;
  origin: string;
  handle: DatabaseHandle;
  bus: ClusterBus;
}

describe('two processes on one PostgreSQL with NATS between them', () => {
  const nats = { server: null as PrivateNats | null };
  let drop: (() => Promise<void>) | undefined;
  let a: Process;
  let b: Process;
  const receiptsDir = mkdtempSync(join(tmpdir(), 'exchange-cluster-receipts-'));

  beforeAll(async () => {
    nats.server = await PrivateNats.started();
    const fresh = await seededPostgresDatabase(serverUrl);
    drop = fresh.drop;
    const prefix = `test.${randomBytes(4).toString('hex')}`;
    const start = async (name: string, handle: DatabaseHandle): Promise<Process> => {
      const bus = new ClusterBus(await NatsBroker.connect(nats.server!.url, name), prefix, name);
      const app = buildApp({ db: handle.db, bus, checkResponses: true, receiptsDir, live: { conflateMs: 20 } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const ctx = testContextOf(app, handle, { now: () => new Date(), advanceClock: () => undefined }, receiptsDir);
      return { app, ctx, origin, handle, bus };
    };
    a = await start('A', fresh.handle);
    b = await start('B', await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 }));
  });

  afterAll(async () => {
    for (const p of [a, b]) {
      if (!p) continue;
      await p.app.close();
      await p.bus.broker.close();
      await p.handle.close();
    }
    await nats.server?.stop();
    await drop?.();
    rmSync(receiptsDir, { recursive: true, force: true });
  });

  it('a bet on A reaches the sockets and the market memory of B, and B matches against it', async () => {
    const admin = await a.ctx.login('admin');
    const agent = await a.ctx.login('agent1');
    const backer = await newBettor(a.ctx, agent, 'cl_backer', 1_000);
    const layer = await newBettor(a.ctx, agent, 'cl_layer', 1_000);
    const { matchId } = await firstMatchOf(a.ctx.db, 4);
    const marketId = await createMatchOdds(a.ctx, admin, matchId);

    // B holds the market in memory (its page was read there) before A changes it.
    expect((await b.ctx.call('getMatchDetail', { match_id: matchId }, layer.token)).statusCode).toBe(200);
    const socket = await LiveTestClient.connect(b.origin, backer.token);
    socket.send({ op: 'subscribe', market_ids: [marketId] });
    await socket.next((m) => m.type === 'market_image');
    const from = socket.mark();

    const back = await a.ctx.call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 100 }, backer.token);
    expect(back.statusCode).toBe(200);
    expect(back.json.data.unmatched_stake).toBe(100);
    const delta = await socket.next(
      (m) => m.type === 'market_delta' && JSON.stringify(m.changes.runners ?? []).includes('{"price":2,"size":100}'),
      { from },
    );
    expect(delta.type).toBe('market_delta');
    // The backer's own exposure and bet reach its socket on B too.
    const pushed = await socket.next((m) => m.type === 'balance', { from });
    expect(pushed).toMatchObject({ liability: 100, available_balance: 900 });
    await socket.next((m) => m.type === 'bets' && m.changes.some((c) => c.bet_id === back.json.data.bet_id), { from });

    // B's memory was marked stale by A's commit: B's lay at 2 matches A's resting back in full.
    const lay = await b.ctx.call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 0, odds: 2, stake: 100 }, layer.token);
    expect(lay.statusCode).toBe(200);
    expect(lay.json.data.matched_stake).toBe(100);
    expect(lay.json.data.avg_odds).toBe(2);

    // Both processes show the same book, from memory, and the same balances.
    const viewOf = async (p: Process) => {
      const detail = await p.ctx.call('getMatchDetail', { match_id: matchId }, backer.token);
      return JSON.stringify(detail.json.data.markets.find((m: { market_id: number }) => m.market_id === marketId));
    };
    expect(await viewOf(b)).toBe(await viewOf(a));
    // The trade B made is in A's view: A reloaded the market, and its traded volume, from the fills.
    const viewOnA = JSON.parse(await viewOf(a));
    expect(viewOnA.total_matched).toBe(100);
    expect(viewOnA.runners[0]).toMatchObject({ last_traded_price: 2, total_matched: 100 });
    const balances = async (token: string) => [
      (await a.ctx.call('getUserBalance', undefined, token)).json.data,
      (await b.ctx.call('getUserBalance', undefined, token)).json.data,
    ];
    const [onA, onB] = await balances(backer.token);
    expect(onA).toEqual(onB);
    expect(onA).toMatchObject({ total_balance: 1_000, liability: 100 });
    const [layerOnA, layerOnB] = await balances(layer.token);
    expect(layerOnB).toEqual(layerOnA);
    expect(layerOnB).toMatchObject({ total_balance: 1_000, liability: 100 });
    socket.socket.close();
  });

  it("a notification stored on A reaches the user's socket on B once, within a second", async () => {
    const admin = await a.ctx.login('admin');
    const agent = await a.ctx.login('agent1');
    const backer = await newBettor(a.ctx, agent, 'cl_nbacker', 1_000);
    const layer = await newBettor(a.ctx, agent, 'cl_nlayer', 1_000);
    const { matchId } = await firstMatchOf(a.ctx.db, 4);
    const marketId = await createMatchOdds(a.ctx, admin, matchId);
    expect((await a.ctx.call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 0, odds: 2, stake: 100 }, layer.token)).statusCode).toBe(200);
    // The layer watches from B; the backer's bet on A matches the layer's.
    const socket = await LiveTestClient.connect(b.origin, layer.token);
    const from = socket.mark();
    const placed = Date.now();
    const back = await a.ctx.call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 100 }, backer.token);
    expect(back.json.data.matched_stake).toBe(100);
    const pushed = await socket.next((m) => m.type === 'notification', { from, timeoutMs: 1_000 });
    expect(pushed.receivedAt - placed).toBeLessThan(1_000);
    expect(pushed).toMatchObject({ type: 'notification', notification: { kind: 'BET_MATCHED', title: 'Bet matched', market_id: marketId, amount: 100 } });
    // B lists the row A stored, the same as pushed; only A stored it.
    const listed = await b.ctx.call('getNotifications', {}, layer.token);
    expect(pushed.type === 'notification' && pushed.notification).toEqual(listed.json.data.rows[0]);
    await sleep(200);
    expect(socket.all('notification', from)).toHaveLength(1);
    socket.socket.close();
  });

  it('a balance cached on B follows a commit on A, and a logout on A ends the session on B', async () => {
    const agent = await a.ctx.login('agent1');
    const bettor = await newBettor(a.ctx, agent, 'cl_cached', 500);
    const read = () => b.ctx.call('getUserBalance', undefined, bettor.token).then((r) => r.json.data);
    expect(await read()).toMatchObject({ total_balance: 500 });
    const hitsBefore = b.app.balances.stats.hits;
    expect(await read()).toMatchObject({ total_balance: 500 });
    expect(b.app.balances.stats.hits).toBe(hitsBefore + 1);

    // Chips moved on A: B's cached balance is dropped when B hears it, within milliseconds.
    const moved = await a.ctx.call('agentTransferChips', { user_id: bettor.userId, amount: 250, direction: 'deposit', client_ref: 'cl-cached-2' }, agent);
    expect(moved.statusCode).toBe(200);
    expect(await eventually(read, (v) => v.total_balance === 750, 2_000)).toMatchObject({ total_balance: 750 });

    // A session B has cached ends there as soon as A revokes it.
    expect((await b.ctx.call('getUserBalance', undefined, bettor.token)).statusCode).toBe(200);
    expect((await a.ctx.call('logout', {}, bettor.token)).statusCode).toBe(200);
    const after = await eventually(() => b.ctx.call('getUserBalance', undefined, bettor.token), (r) => r.statusCode === 401, 2_000);
    expect(after.statusCode).toBe(401);
  });

  it('password guesses on A count against the same name on B', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await a.ctx.call('login', { user_name: 'demo2', password: `Wrong@${i}000` });
      console.log(wrong.statusCode, JSON.stringify(wrong.json));
      expect(wrong.json).toMatchObject({ status: false });
    }
    // The limit is shared within the broker's delivery time.
    const refused = await eventually(
      () => b.ctx.call('login', { user_name: 'demo2', password: 'Demo@1234' }),
      (r) => r.statusCode === 429,
      2_000,
    );
    expect(refused.json).toMatchObject({ status: false, code: 'RATE_LIMITED' });
  });

  it('with the broker away, ready says so and B reads balances from the database; back, its sockets catch up', async () => {
    const agent = await a.ctx.login('agent1');
    const bettor = await newBettor(a.ctx, agent, 'cl_outage', 300);
    const read = () => b.ctx.call('getUserBalance', undefined, bettor.token).then((r) => r.json.data);
    const socket = await LiveTestClient.connect(b.origin, bettor.token);
    expect(await read()).toMatchObject({ total_balance: 300 });

    await nats.server!.stop();
    await eventually(async () => b.bus.broker.isUp(), (up) => !up, 5_000);
    const ready = await b.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: false, code: 'NOT_READY', data: { database: 'up', broker: 'down' } });
    expect((await b.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Nothing can reach B now, yet B's answer is right: it reads the database.
    const moved = await a.ctx.call('agentTransferChips', { user_id: bettor.userId, amount: 100, direction: 'deposit', client_ref: 'cl-outage-2' }, agent);
    expect(moved.statusCode).toBe(200);
    expect(await read()).toMatchObject({ total_balance: 400 });

    // Back: B's sockets are brought up to date with what they missed.
    const from = socket.mark();
    await nats.server!.start();
    const caughtUp = await socket.next((m) => m.type === 'balance', { from, timeoutMs: 10_000 });
    expect(caughtUp).toMatchObject({ total_balance: 400 });
    expect((await b.app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ data: { broker: 'up' } });
    socket.socket.close();
  });

  it('a lease has one holder; another takes it over once the holder stops renewing', async () => {
    const db = a.ctx.db;
    const events: string[] = [];
    const keeper = (name: string) =>
      new LeaseKeeper(db, 'test-lease', name, { start: () => void events.push(`${name} start`), stop: () => void events.push(`${name} stop`) }, { ttlMs: 600 });
    const first = keeper('one');
    const second = keeper('two');
    first.start();
    await eventually(async () => first.held, (held) => held, 2_000);
    second.start();
    // An absence, so a wait: 700 ms is more than the lease's 600 ms, in which 'two' asks for it
    // three times (every third of the lease) and 'one' renews it as often; taking it would need
    // 'one' to have missed its renewals for the whole lease.
    await sleep(700);
    expect(second.held).toBe(false);
    expect(await tryLease(db, 'test-lease', 'three', 600)).toBe(false);

    // The holder dies without a word (no release): the lease passes after it expires.
    (first as unknown as { stopped: boolean }).stopped = true;
    await eventually(async () => second.held, (held) => held, 3_000);
    expect(second.held).toBe(true);
    expect(events).toEqual(['one start', 'two start']);
    await second.stop();
    expect(events).toEqual(['one start', 'two start', 'two stop']);
    // Given up cleanly, it is free at once.
    expect(await tryLease(db, 'test-lease', 'three', 600)).toBe(true);
  });
});
