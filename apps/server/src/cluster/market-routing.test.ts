/**
 * One matching process per market (ADR 65): three server processes' apps on one PostgreSQL
 * database with a private NATS between them. A bettor's bet, cancel, edit and refusal reaching a
 * process that does not match the market are answered from the one that does, which keeps the
 * book in memory with no reload; a process that goes away has its markets taken over within
 * seconds; a call in flight to it is refused to be retried, and the retry with the same
 * client_ref is never placed twice.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { balanceOf, createMatchOdds, expectInvariants, firstMatchOf, newBettor } from '../test/betting.ts';
import { seededPostgresDatabase, testContextOf, type TestContext } from '../test/databases.ts';
import { LiveTestClient } from '../test/live-client.ts';
import { PrivateNats } from '../test/private-nats.ts';
import { NatsBroker } from './broker.ts';
import { ClusterBus } from './bus.ts';

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually(ok: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await sleep(25);
  }
}

interface Process {
  name: string;
  origin: () => string;
  app: FastifyInstance;
  ctx: TestContext;
  handle: DatabaseHandle;
  bus: ClusterBus;
}

const routing = (p: Process) => p.app.marketRouting!;

describe('one matching process per market', () => {
  let nats: PrivateNats;
  let drop: (() => Promise<void>) | undefined;
  const processes: Process[] = [];
  const receiptsDir = mkdtempSync(join(tmpdir(), 'exchange-routing-receipts-'));
  let admin: string;
  let agent: string;
  let matchId: number;

  const start = async (name: string, handle: DatabaseHandle, prefix: string): Promise<Process> => {
    const bus = new ClusterBus(await NatsBroker.connect(nats.url, name), prefix, name);
    const app = buildApp({ db: handle.db, bus, checkResponses: true, receiptsDir, live: { conflateMs: 20 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const ctx = testContextOf(
      app,
      handle,
      { now: () => new Date(), advanceClock: () => undefined },
      receiptsDir,
    );
    const p = {
      name,
      app,
      ctx,
      handle,
      bus,
      origin: () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    };
    processes.push(p);
    return p;
  };

  /** A new market and the process that matches it, as every process sees it. */
  async function marketOwnedBy(
    owner: Process,
    extra: Parameters<typeof createMatchOdds>[3] = {},
  ): Promise<number> {
    for (;;) {
      const marketId = await createMatchOdds(owner.ctx, admin, matchId, extra);
      if (processes.every((p) => routing(p).owners.ownerOf(marketId) === owner.name)) return marketId;
    }
  }

  let a: Process;
  let b: Process;
  let c: Process;

  beforeAll(async () => {
    nats = await PrivateNats.started();
    const fresh = await seededPostgresDatabase(serverUrl);
    drop = fresh.drop;
    const prefix = `test.${randomBytes(4).toString('hex')}`;
    a = await start('A', fresh.handle, prefix);
    b = await start('B', await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 }), prefix);
    c = await start('C', await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 }), prefix);
    // Each hears the others within a heartbeat.
    await eventually(() => processes.every((p) => routing(p).owners.live().join() === 'A,B,C'));
    admin = await a.ctx.login('admin');
    agent = await a.ctx.login('agent1');
    matchId = (await firstMatchOf(a.ctx.db, 4)).matchId;
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) {
      await p.app.close().catch(() => undefined);
      await p.bus.broker.close().catch(() => undefined);
      if (p !== a) await p.handle.close();
    }
    await a?.handle.close();
    await nats?.stop();
    await drop?.();
    rmSync(receiptsDir, { recursive: true, force: true });
  });

  it("bets, cancels, edits and refusals reaching another process are answered by the market's own, which reloads nothing", async () => {
    const marketId = await marketOwnedBy(a);
    const backer = await newBettor(a.ctx, agent, 'mr_backer', 10_000);
    const layer = await newBettor(a.ctx, agent, 'mr_layer', 10_000);
    // The first bet loads the market into A's memory.
    const first = await a.ctx.call(
      'placeMarketBet',
      { market_id: marketId, selection_id: 1, is_back: 1, odds: 3, stake: 100 },
      backer.token,
    );
    expect(first.statusCode, JSON.stringify(first.json)).toBe(200);
    const loads = a.app.betting.marketLoads;
    const served = routing(a).counts.served;
    const forwardedB = routing(b).counts.forwarded;

    // Ten bets by turn on B and C, each read back on the process that took it: the balance shows it.
    let backed = 100;
    for (let i = 0; i < 10; i++) {
      const on = i % 2 === 0 ? b : c;
      const res = await on.ctx.call(
        'placeMarketBet',
        { market_id: marketId, selection_id: 1, is_back: 1, odds: 3, stake: 100 },
        backer.token,
      );
      expect(res.statusCode).toBe(200);
      backed += 100;
      expect(res.json.data.balance.available_balance).toBe(10_000 - backed);
      expect((await balanceOf(on.ctx, backer.token)).available_balance).toBe(10_000 - backed);
    }
    // A lay on C matches 300 of the backs: matched in A's book, the answer C gives says so.
    const lay = await c.ctx.call(
      'placeMarketBet',
      { market_id: marketId, selection_id: 1, is_back: 0, odds: 3, stake: 300 },
      layer.token,
    );
    expect(lay.statusCode).toBe(200);
    expect(lay.json.data.matched_stake).toBe(300);
    expect(lay.json.data.balance.liability).toBe(600);

    // Eleven bets matched in A's memory: not one reload.
    expect(a.app.betting.marketLoads).toBe(loads);

    // A re-quote (the market maker's call) made on B is done by A too (which rereads the market after it, as on one process).
    const served0 = routing(a).counts.served;
    const requote = await b.app.betting.replaceQuotes(
      layer.userId,
      marketId,
      [],
      [{ selectionId: 2, side: 'LAY', price: 120, sizePaise: 10_000, clientRef: 'mr-quote-1' }],
    );
    expect(requote).toMatchObject({ rested: 1, cancelled: 0, crossing: [] });
    expect(routing(a).counts.served).toBe(served0 + 1);

    // An edit and a cancel on B, of bets placed on C.
    const open = await b.ctx.call(
      'placeMarketBet',
      { market_id: marketId, selection_id: 2, is_back: 1, odds: 4, stake: 200 },
      backer.token,
    );
    const edited = await b.ctx.call('updateBet', { bet_id: open.json.data.bet_id, odds: 4.5 }, backer.token);
    expect(edited.statusCode).toBe(200);
    const cancelled = await b.ctx.call('cancelBet', { bet_id: edited.json.data.bet_id }, backer.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json.data.cancelled_stake).toBe(200);

    // A refusal comes back as the owner gives it: status, code, message.
    const here = await a.ctx.call(
      'placeMarketBet',
      { market_id: marketId, selection_id: 1, is_back: 1, odds: 3, stake: 100_000 },
      backer.token,
    );
    const there = await b.ctx.call(
      'placeMarketBet',
      { market_id: marketId, selection_id: 1, is_back: 1, odds: 3, stake: 100_000 },
      backer.token,
    );
    expect(here.statusCode, JSON.stringify(here.json)).toBeGreaterThanOrEqual(400);
    expect({ status: there.statusCode, code: there.json.code, message: there.json.message }).toEqual({
      status: here.statusCode,
      code: here.json.code,
      message: here.json.message,
    });

    // The same client_ref on B, then on A: one bet, the first answer twice.
    const body = {
      market_id: marketId,
      selection_id: 2,
      is_back: 0,
      odds: 1.5,
      stake: 100,
      client_ref: 'mr-once',
    };
    const once = await b.ctx.call('placeMarketBet', body, layer.token);
    const again = await a.ctx.call('placeMarketBet', body, layer.token);
    expect(again.json.data.bet_id).toBe(once.json.data.bet_id);

    // All of it done in A's memory (an edit and a cancel reread the market after their commit, as
    // on one process), and what A holds is what the database holds.
    expect(routing(a).counts.served - served).toBeGreaterThanOrEqual(16);
    expect(routing(b).counts.forwarded - forwardedB).toBeGreaterThanOrEqual(8);
    expect(await a.app.betting.memoryDrift(marketId)).toEqual([]);
    await expectInvariants(a.ctx.db, a.app.betting);
  });

  it('a process gone: a call in flight to it is refused to be retried, its markets pass to the others within seconds, and the retry is placed once', async () => {
    // In play with a 1.5 s bet delay: the bet waits at C while C goes away.
    const marketId = await marketOwnedBy(c, { in_play: true, bet_delay_ms: 1_500 });
    const bettor = await newBettor(a.ctx, agent, 'mr_gone', 1_000);
    const body = {
      market_id: marketId,
      selection_id: 1,
      is_back: 1,
      odds: 2,
      stake: 100,
      client_ref: 'mr-gone-1',
    };
    // A page on A watches the market.
    const socket = await LiveTestClient.connect(a.origin(), bettor.token);
    socket.send({ op: 'subscribe', market_ids: [marketId] });
    await socket.next((m) => m.type === 'market_image');
    const from = socket.mark();
    const inFlight = a.ctx.call('placeMarketBet', body, bettor.token);
    await sleep(300);
    // C leaves the broker as a killed process does: no goodbye, its answer never sent.
    await c.bus.broker.close();
    const refused = await inFlight;
    expect(refused.statusCode).toBe(503);
    expect(refused.json.code).toBe('MARKET_HANDOVER');
    expect(refused.response.headers['retry-after']).toBe('1');
    // A and B no longer count C, within seconds.
    await eventually(() => [a, b].every((p) => routing(p).owners.live().join() === 'A,B'), 6_000);
    // C's app (still running on the database) wrote the bet after its delay: the retry on B,
    // with the same client_ref, gets that bet and places nothing more.
    await sleep(1_500);
    // C's commit was never told (its broker link was gone): A, finding C gone, reread what its
    // sockets watch, and the page shows the bet.
    const shown = await socket.next(
      (m) =>
        m.type === 'market_delta' &&
        JSON.stringify(m.changes.runners ?? []).includes('{"price":2,"size":100}'),
      { from, timeoutMs: 10_000 },
    );
    expect(shown.type).toBe('market_delta');
    await socket.close();
    const retried = await b.ctx.call('placeMarketBet', body, bettor.token);
    expect(retried.statusCode).toBe(200);
    const again = await a.ctx.call('placeMarketBet', body, bettor.token);
    expect(again.json.data.bet_id).toBe(retried.json.data.bet_id);
    expect((await balanceOf(a.ctx, bettor.token)).available_balance).toBe(900);
    // The market's new owner rebuilt its book from the database: memory equals it.
    const owner = [a, b].find((p) => routing(a).owners.ownerOf(marketId) === p.name)!;
    expect(await owner.app.betting.memoryDrift(marketId)).toEqual([]);
    await expectInvariants(a.ctx.db, a.app.betting);
  });
});
