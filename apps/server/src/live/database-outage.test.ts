/**
 * The live push while the database is away (a restart, a network fault), on PostgreSQL: process A
 * reaches it through a relay the test cuts, process B directly, NATS between them (ADR 37). What
 * a subscriber must see: a market asked for during the outage arrives once the database is back
 * (not "No such market"); a socket that authenticates then is told to come back (not logged out);
 * a change heard from B during the outage reaches A's subscribers once A can read it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, type MarketView } from '@exchange/contracts';
import { buildApp } from '../app.ts';
import { ClusterBus, NatsBroker } from '../cluster/index.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createMatchOdds, firstMatchOf, newBettor } from '../test/betting.ts';
import { CuttableProxy } from '../test/cuttable-proxy.ts';
import { seededPostgresDatabase, testContextOf, type TestContext } from '../test/databases.ts';
import { LiveTestClient } from '../test/live-client.ts';
import { PrivateNats } from '../test/private-nats.ts';

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const OUTAGE_MS = 1_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Process {
  app: FastifyInstance;
  ctx: TestContext;
  origin: string;
  handle: DatabaseHandle;
  bus: ClusterBus;
}

describe('live push through a database outage [postgres]', () => {
  let nats: PrivateNats | undefined;
  let proxy: CuttableProxy | undefined;
  let drop: (() => Promise<void>) | undefined;
  let a: Process;
  let b: Process;
  const receiptsDir = mkdtempSync(join(tmpdir(), 'exchange-outage-receipts-'));
  const sockets: LiveTestClient[] = [];

  /** A's database is away for OUTAGE_MS while `during` runs; resolves once it is back. */
  const outage = async (during: () => Promise<void> | void): Promise<void> => {
    proxy!.cutOff();
    try {
      await during();
      await sleep(OUTAGE_MS);
    } finally {
      proxy!.restore();
    }
  };

  beforeAll(async () => {
    nats = await PrivateNats.started();
    const fresh = await seededPostgresDatabase(serverUrl);
    drop = fresh.drop;
    const parsed = new URL(fresh.url);
    proxy = await CuttableProxy.to(parsed.hostname, Number(parsed.port || 5432));
    const prefix = `test.${randomBytes(4).toString('hex')}`;
    const start = async (name: string, handle: DatabaseHandle): Promise<Process> => {
      const bus = new ClusterBus(await NatsBroker.connect(nats!.url, name), prefix, name);
      const app = buildApp({
        db: handle.db,
        bus,
        checkResponses: true,
        receiptsDir,
        live: { conflateMs: 20 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const ctx = testContextOf(
        app,
        handle,
        { now: () => new Date(), advanceClock: () => undefined },
        receiptsDir,
      );
      return { app, ctx, origin, handle, bus };
    };
    a = await start('A', await openDatabase({ kind: 'postgres', url: proxy.urlFor(fresh.url), poolSize: 4 }));
    b = await start('B', fresh.handle);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    for (const p of [a, b]) {
      if (!p) continue;
      await p.app.close();
      await p.bus.broker.close();
      await p.handle.close();
    }
    await proxy?.close();
    await nats?.stop();
    await drop?.();
    rmSync(receiptsDir, { recursive: true, force: true });
  });

  const connect = async (p: Process, token: string) => {
    const socket = await LiveTestClient.connect(p.origin, token);
    sockets.push(socket);
    return socket;
  };
  const bookOn = async (
    p: Process,
    matchId: number,
    marketId: number,
    token: string,
  ): Promise<MarketView> => {
    const detail = await p.ctx.call('getMatchDetail', { match_id: matchId }, token);
    return (detail.json.data.markets as MarketView[]).find((m) => m.market_id === marketId)!;
  };

  it('a market subscribed while the database is away gets its image once it is back, not "No such market"', async () => {
    const token = await b.ctx.login('demo1');
    const socket = await connect(a, token);
    // A market made on B, never read by A: its image needs A's database.
    const { matchId } = await firstMatchOf(b.ctx.db, 4);
    const marketId = await createMatchOdds(b.ctx, await b.ctx.login('admin'), matchId);
    const from = socket.mark();
    await outage(() => socket.send({ op: 'subscribe', market_ids: [marketId] }));
    const image = await socket.next((m) => m.type === 'market_image' && m.market_id === marketId, {
      from,
      timeoutMs: 10_000,
    });
    expect(socket.messages.slice(from).filter((m) => m.type === 'error')).toEqual([]);
    expect(image.type === 'market_image' && image.market.market_id).toBe(marketId);
  });

  it('a socket that authenticates while the database is away is told to come back, not logged out', async () => {
    // A token this process has never checked: its session is in the database only.
    const token = await b.ctx.login('demo3');
    let closed: { code: number; reason: string } | undefined;
    await outage(async () => {
      const socket = await LiveTestClient.open(a.origin, { token });
      closed = await socket.closed;
    });
    expect(closed).toEqual({ code: LIVE_CLOSE.TRY_AGAIN_LATER, reason: 'Try again later' });
    // Back, the same token is good: nobody was logged out.
    const again = await connect(a, token);
    expect(again.all('ready')).toHaveLength(1);
  });

  it("a bet made on B while A's database is away reaches A's subscriber once A can read it", async () => {
    const admin = await b.ctx.login('admin');
    const agent = await b.ctx.login('agent1');
    const watcher = await newBettor(b.ctx, agent, 'out_watch', 1_000);
    const backer = await newBettor(b.ctx, agent, 'out_back', 1_000);
    const { matchId } = await firstMatchOf(b.ctx.db, 4);
    const marketId = await createMatchOdds(b.ctx, admin, matchId);
    const socket = await connect(a, watcher.token);
    socket.send({ op: 'subscribe', market_ids: [marketId] });
    await socket.next((m) => m.type === 'market_image' && m.market_id === marketId);
    const from = socket.mark();

    await outage(async () => {
      const back = await b.ctx.call(
        'placeMarketBet',
        { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 100 },
        backer.token,
      );
      expect(back.statusCode).toBe(200);
    });
    const delta = await socket.next(
      (m) =>
        m.type === 'market_delta' &&
        m.market_id === marketId &&
        JSON.stringify(m.changes.runners ?? []).includes('{"price":2,"size":100}'),
      { from, timeoutMs: 10_000 },
    );
    expect(delta.type).toBe('market_delta');
    const onB = await bookOn(b, matchId, marketId, watcher.token);
    expect(onB.runners[0]!.lay).toEqual([{ price: 2, size: 100 }]);
  });
});
