import type { AddressInfo } from 'node:net';
import { casinoSignedHeaders } from '@exchange/contracts/casino-signing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProviderApp } from '../app.ts';
import { FakeClock } from '../lib/clock.ts';
import type { HistoryFrame, MineView, TableFrame } from '../page/types.ts';
import { FakePlatform } from '../testing/fake-platform.ts';
import { SseClient } from '../testing/sse-client.ts';

// The live table over real HTTP: the provider listening on a port of its own, the fake platform's
// wallet, the rounds driven by a fake clock.
const PROVIDER = 'prov';
const SECRET = 'shared-secret';
const CODE = 'imlive1001'; // Teen Patti T20: six cards, one every 3 s once betting closes
let platform: FakePlatform;
let clock: FakeClock;
let app: ReturnType<typeof buildProviderApp>;
let origin: string;
const clients: SseClient[] = [];

beforeEach(async () => {
  platform = new FakePlatform(PROVIDER, SECRET);
  platform.addUser('7', 'tok-7', 100_000); // 1,000.00
  platform.addUser('8', 'tok-8', 100_000);
  await platform.start();
  clock = new FakeClock(Date.now());
  app = buildProviderApp({
    platformUrl: platform.url,
    providerId: PROVIDER,
    secret: SECRET,
    clock,
    gameCodes: [CODE],
    timings: { bettingMs: 20_000, revealMs: 3000, maxDealMs: 24_000, resultMs: 5000 },
    chainLength: 100,
    outboxBaseDelayMs: 10,
    push: { maxPerSession: 2, maxStreams: 6 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await app.close();
  await platform.stop();
});

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A player's game session, as the page gets it: launched by the platform, then exchanged. */
async function session(userId: '7' | '8'): Promise<string> {
  const body = JSON.stringify({
    token: `tok-${userId}`,
    userId: Number(userId),
    userName: `demo${userId}`,
    gameCode: CODE,
    type: 1,
    casinoButtons: [],
  });
  const launch = await app.inject({
    method: 'POST',
    url: '/api/launch',
    headers: {
      'content-type': 'application/json',
      ...casinoSignedHeaders({
        secret: SECRET,
        providerId: PROVIDER,
        method: 'POST',
        path: '/api/launch',
        rawBody: body,
        nowMs: clock.now(),
      }),
    },
    payload: body,
  });
  const lt = new URL(launch.json().url as string).searchParams.get('lt')!;
  return (await app.inject({ method: 'POST', url: '/api/session', payload: { lt, gameCode: CODE } })).json()
    .session as string;
}

async function stream(sessionId?: string): Promise<SseClient> {
  const c = await SseClient.open(
    `${origin}/api/table/${CODE}/stream${sessionId ? `?session=${encodeURIComponent(sessionId)}` : ''}`,
  );
  clients.push(c);
  return c;
}
const tables = (c: SseClient) => c.data<TableFrame>('table');
const histories = (c: SseClient) => c.data<HistoryFrame>('history');
const mines = (c: SseClient) => c.data<MineView>('mine');
const lastMine = (c: SseClient) => mines(c).at(-1)!;

const bet = async (sid: string, option: string, stake: number) => {
  const roundId = app.services.tables.get(CODE)!.current.roundId;
  return (
    await app.inject({ method: 'POST', url: '/api/bet', payload: { session: sid, roundId, option, stake } })
  ).json() as { status: string; betId: string; balance?: number };
};
const cancel = (sid: string, betIds: string[]) =>
  app.inject({ method: 'POST', url: '/api/bet/cancel', payload: { session: sid, betIds } });

describe('the table stream', () => {
  it('sends the whole table on connect, then one frame per change, made once for every page, cards only once turned', async () => {
    const a = await stream();
    const b = await stream();
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.headers['x-accel-buffering']).toBe('no');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    await until(() => tables(a).length === 1 && tables(b).length === 1);
    expect(a.retry).toBe(1000);
    const first = tables(a)[0]!;
    const round = app.services.tables.get(CODE)!.current;
    expect(first.round).toMatchObject({ roundId: round.roundId, phase: 'betting', cards: [], faceDown: [] });
    expect(JSON.stringify(first)).not.toContain(round.serverSeed);
    const before = app.services.push.stats.tableFrames;

    // Betting closes with the six cards face down (one change), then one card turns every 3 s.
    clock.advance(20_000);
    await until(() => tables(a).length === 2);
    expect(tables(a)[1]!.round).toMatchObject({
      phase: 'dealing',
      cards: [],
      faceDown: Array(6).fill({ to: expect.any(String) }),
    });
    expect(tables(a)[1]!.serverNow).toBe(clock.now());
    for (let turned = 1; turned <= 6; turned++) {
      clock.advance(3000);
      await until(() => tables(a).length === turned + 2);
      const view = tables(a)[turned + 1]!;
      expect(view.round.cards.length).toBe(turned);
      expect(view.round.faceDown.length).toBe(6 - turned);
      // the cards already turned stay as they were; one more turns
      const previous = tables(a)[turned]!;
      expect(view.round.cards.slice(0, -1)).toEqual(previous.round.cards);
    }
    // The result (with the seed), then the next round.
    clock.advance(1500);
    await until(() => tables(a).length === 9);
    // the cards turned one by one are the round's: those of its result
    expect(tables(a)[7]!.round.cards.map((c) => c.card)).toEqual(tables(a)[8]!.round.result!.cards);
    expect(tables(a)[8]!.round).toMatchObject({
      phase: 'result',
      result: { roundId: round.roundId, proof: { serverSeed: round.serverSeed } },
    });
    clock.advance(5000);
    await until(() => tables(a).length === 10 && tables(b).length === 10);
    expect(tables(a)[9]!.round).toMatchObject({ phase: 'betting', cards: [] });
    expect(tables(a)[9]!.round.roundId).not.toBe(round.roundId);
    // The finished rounds: on connect, then once more at the result (not with every card), before
    // the table that shows it; the table frames themselves carry none.
    expect(histories(a)).toHaveLength(2);
    expect(histories(a)[1]!.road[0]!.roundId).toBe(round.roundId);
    expect(histories(a)[1]!.last[0]!.proof.serverSeed).toBe(round.serverSeed);
    expect(a.events.map((e) => e.event).slice(-3)).toEqual(['history', 'table', 'table']);
    expect(tables(a).every((t) => !('road' in t) && !('last' in t))).toBe(true);

    // 9 changes: 9 serializations for the two pages, the same text to both.
    expect(app.services.push.stats.tableFrames - before).toBe(9);
    // the connect frames (history, table) are each page's own: every one after is the same text
    expect(a.events.slice(2).map((e) => e.data)).toEqual(b.events.slice(2).map((e) => e.data));
    const ids = a.events.filter((e) => e.event === 'table').map((e) => Number(e.id!.slice(1)));
    expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
    // Nothing but table frames without a session.
    expect(mines(a)).toEqual([]);
  });

  it('keeps a stream open with a heartbeat and forgets it when the page goes', async () => {
    const a = await stream();
    await until(() => tables(a).length === 1);
    expect(app.services.push.streams).toBe(1);
    clock.advance(15_000);
    await until(() => a.comments.includes('hb'));
    a.close();
    await until(() => app.services.push.streams === 0);
  });

  it('holds a few streams per session (the oldest closed) and refuses more than its total with 503', async () => {
    const sid = await session('7');
    const s1 = await stream(sid);
    await stream(sid);
    await until(() => app.services.push.streams === 2);
    const s3 = await stream(sid);
    await until(() => s1.closed);
    expect(s3.status).toBe(200);
    expect(app.services.push.streams).toBe(2);
    for (let i = 0; i < 4; i++) await stream();
    await until(() => app.services.push.streams === 6);
    const refused = await stream();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect((await SseClient.open(`${origin}/api/table/imlive4242/stream`)).status).toBe(404);
  });

  it("pushes the player's bets and balance: after a bet, after a cancel, once the stake is back", async () => {
    const sid = await session('7');
    const mine = await stream(sid);
    const watcher = await stream();
    const otherPlayer = await stream(await session('8'));
    await until(() => mines(mine).length === 1 && mines(otherPlayer).length === 1);
    expect(mines(mine)[0]).toEqual({ roundId: app.services.tables.get(CODE)!.current.roundId, myBets: [] });

    const placed = await bet(sid, 'playerA', 100);
    expect(placed).toMatchObject({ status: 'OK', balance: 900 });
    await until(() => lastMine(mine).myBets.length === 1);
    expect(lastMine(mine)).toMatchObject({
      balance: 900,
      myBets: [{ betId: placed.betId, option: 'playerA', stake: 100, state: 'accepted' }],
    });

    const answer = await cancel(sid, [placed.betId]);
    expect(answer.json()).toEqual({ status: 'OK', cancelled: [placed.betId] });
    await until(() => lastMine(mine).myBets[0]!.state === 'cancelled');
    // The stake comes back through the platform's rollback; its answer carries the balance.
    await until(() => lastMine(mine).balance === 1000);
    expect(platform.balances.get('7')).toBe(100_000);
    const rollbacks = platform.calls.filter((c) => c.op === 'rollback');
    expect(rollbacks).toMatchObject([
      {
        status: 'OK',
        body: { referenceTransactionId: `${placed.betId}-d`, amount: 100, reason: 'cancelled by the player' },
      },
    ]);
    // The table's own pages never see a player's bets.
    expect(mines(watcher)).toEqual([]);
    expect(JSON.stringify(watcher.events)).not.toContain(placed.betId);
    // Nor another player's.
    expect(mines(otherPlayer)).toEqual([{ roundId: mines(mine)[0]!.roundId, myBets: [] }]);
    expect(JSON.stringify(otherPlayer.events)).not.toContain(placed.betId);
    // The state API shows the same.
    const state = (
      await app.inject({ url: `/api/table/${CODE}/state`, headers: { 'x-session': sid } })
    ).json();
    expect(state.myBets).toMatchObject([{ betId: placed.betId, state: 'cancelled' }]);
  });

  it('never settles a cancelled bet: no credit, the rollback reaches the wallet once', async () => {
    const sid = await session('7');
    const mine = await stream(sid);
    const kept = await bet(sid, 'playerA', 100);
    const taken = await bet(sid, 'playerB', 50);
    expect((await cancel(sid, [taken.betId])).statusCode).toBe(200);
    await until(() => app.services.outbox.pending().length === 0);
    clock.advance(20_000 + 6 * 3000 + 1500);
    await until(() => tables(mine).at(-1)!.round.phase === 'result');
    await until(
      () => app.services.outbox.pending().length === 0 && lastMine(mine).myBets.some((b) => b.credited),
    );
    const mineBets = lastMine(mine).myBets;
    expect(mineBets.find((b) => b.betId === taken.betId)).toMatchObject({ state: 'cancelled' });
    expect(mineBets.find((b) => b.betId === taken.betId)!.payout).toBeUndefined();
    expect(mineBets.find((b) => b.betId === kept.betId)).toMatchObject({ state: 'settled', credited: true });
    expect(platform.calls.filter((c) => c.op === 'credit').map((c) => c.body.referenceTransactionId)).toEqual(
      [`${kept.betId}-d`],
    );
    expect(
      platform.calls.filter((c) => c.op === 'rollback').map((c) => c.body.referenceTransactionId),
    ).toEqual([`${taken.betId}-d`]);
    const payout = mineBets.find((b) => b.betId === kept.betId)!.payout!;
    expect(platform.balances.get('7')).toBe(100_000 - 10_000 + Math.round(payout * 100));
    expect(lastMine(mine).balance).toBe(platform.balances.get('7')! / 100);
    // The next round opens: the player's view moves on to it, the last round's bets still shown.
    const settledRound = lastMine(mine).roundId;
    clock.advance(5000);
    await until(() => lastMine(mine).roundId !== settledRound);
    expect(lastMine(mine).roundId).toBe(app.services.tables.get(CODE)!.current.roundId);
    expect(lastMine(mine).myBets.map((b) => [b.roundId, b.state])).toEqual([
      [settledRound, 'settled'],
      [settledRound, 'cancelled'],
    ]);
  });

  it('refuses a cancel after betting closed, of another player, of an unknown id: nothing cancelled', async () => {
    const mine = await session('7');
    const other = await session('8');
    const a = await bet(mine, 'playerA', 100);
    const b = await bet(other, 'playerB', 100);

    const foreign = await cancel(mine, [a.betId, b.betId]);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toEqual({ status: 'ERROR', message: 'No such bet of yours on this round' });
    const unknown = await cancel(mine, [a.betId, 'no-such-bet']);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe('No such bet of yours on this round');
    expect((await cancel('no-session', [a.betId])).statusCode).toBe(401);
    expect((await cancel(mine, [])).statusCode).toBe(400);

    // A bet taken back twice: the second is refused.
    const c = await bet(mine, 'playerB', 10);
    expect((await cancel(mine, [c.betId])).statusCode).toBe(200);
    const twice = await cancel(mine, [c.betId]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This bet was already taken back');

    clock.advance(20_000);
    const late = await cancel(mine, [a.betId]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Betting is closed for this round: its bets can no longer be taken back',
    );

    await until(() => app.services.outbox.pending().length === 0);
    // Only the one cancel that was allowed reached the wallet.
    expect(
      platform.calls.filter((x) => x.op === 'rollback').map((x) => x.body.referenceTransactionId),
    ).toEqual([`${c.betId}-d`]);
    const states = (sid: string) =>
      app.services.bets
        .betsOf(sid === mine ? 7 : 8, app.services.tables.get(CODE)!.current.roundId)
        .map((x) => x.state);
    expect(states(mine)).toEqual(['accepted', 'cancelled']);
    expect(states(other)).toEqual(['accepted']);
    expect(platform.balances.get('7')).toBe(100_000 - 10_000);
  });
});

describe('a finished round', () => {
  it('is served whole from the table history; an unknown one is 404', async () => {
    const roundId = app.services.tables.get(CODE)!.current.roundId;
    expect((await app.inject(`/api/table/${CODE}/round/${roundId}`)).statusCode).toBe(404);
    clock.advance(20_000 + 6 * 3000 + 1500);
    const res = await app.inject(`/api/table/${CODE}/round/${roundId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'OK',
      round: { roundId, gameCode: CODE, cards: expect.any(Array), proof: { serverSeed: expect.any(String) } },
    });
    expect(res.json().round.cards.length).toBe(6);
    expect((await app.inject(`/api/table/imlive4242/round/${roundId}`)).statusCode).toBe(404);
  });
});
