import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BetService } from '../bets/bets.ts';
import { findGame } from '../games/index.ts';
import { FakeClock, systemClock } from '../lib/clock.ts';
import { JsonFile, memoryPersisted } from '../lib/json-file.ts';
import { Table, type TableState } from '../rounds/table.ts';
import { SessionStore, type PlayerSession } from '../sessions/sessions.ts';
import { FakePlatform } from '../testing/fake-platform.ts';
import { WalletClient } from './client.ts';
import { Outbox, type OutboxDocument } from './outbox.ts';

const PROVIDER = 'test-provider';
const SECRET = 'test-secret-for-wallet-tests';

let platform: FakePlatform;
beforeEach(async () => {
  platform = new FakePlatform(PROVIDER, SECRET);
  platform.addUser('7', 'tok-7', 100_000); // 1,000.00
  await platform.start();
});
afterEach(async () => {
  await platform.stop();
});

function setup(opts: { outboxStore?: OutboxDocument; dataDir?: string; timeoutMs?: number } = {}) {
  const wallet = new WalletClient({ platformUrl: platform.url, providerId: PROVIDER, secret: SECRET, clock: systemClock, timeoutMs: opts.timeoutMs ?? 2000 });
  const store = opts.dataDir ? new JsonFile<OutboxDocument>(join(opts.dataDir, 'outbox.json')) : memoryPersisted<OutboxDocument>(opts.outboxStore);
  const outbox = new Outbox({ wallet, clock: systemClock, store, baseDelayMs: 20, maxDelayMs: 100, onFinal: (e, a) => bets.onOutboxFinal(e, a) });
  const bets: BetService = new BetService({ wallet, outbox, clock: systemClock, store: memoryPersisted(), debitRetryMs: 10 });
  // A Teen Patti table whose round stays open (the fake clock never moves). It starts at the real
  // time: the bets check the real clock against the round's closing time, so a fixed start date
  // would close betting for every run after that date.
  const table = new Table(findGame('imlive1001')!, { clock: new FakeClock(Date.now()), timings: { revealMs: 10, maxDealMs: 100, resultMs: 10 }, store: memoryPersisted<TableState>() });
  table.start();
  const sessions = new SessionStore(systemClock);
  const lt = sessions.grant({ token: 'tok-7', userId: 7, userName: 'demo1', gameCode: 'imlive1001', type: 1, casinoButtons: [] });
  const session = sessions.exchange(lt, 'imlive1001') as PlayerSession;
  outbox.start();
  return { wallet, outbox, bets, table, session };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
const balance = () => platform.balances.get('7')!;

describe('wallet client over real HTTP', () => {
  it('signs calls; a wrong secret gets INVALID_SIGNATURE', async () => {
    const { wallet } = setup();
    expect(await wallet.call('balance', { token: 'tok-7', userId: 7, gameCode: 'imlive1001' })).toEqual({ kind: 'answer', answer: { status: 'OK', balance: 1000 } });
    const bad = new WalletClient({ platformUrl: platform.url, providerId: PROVIDER, secret: 'wrong', clock: systemClock });
    const r = await bad.call('balance', { token: 'tok-7', userId: 7, gameCode: 'imlive1001' });
    expect(r.kind === 'answer' && r.answer.status).toBe('INVALID_SIGNATURE');
  });

  it('reports a dropped connection, a 500 and a refused connection as lost answers', async () => {
    const { wallet } = setup();
    platform.fail('balance', 'drop-before', 'http-500');
    expect((await wallet.call('balance', { token: 'tok-7', userId: 7, gameCode: 'imlive1001' })).kind).toBe('lost');
    expect((await wallet.call('balance', { token: 'tok-7', userId: 7, gameCode: 'imlive1001' })).kind).toBe('lost');
    const nowhere = new WalletClient({ platformUrl: 'http://127.0.0.1:1', providerId: PROVIDER, secret: SECRET, clock: systemClock });
    expect((await nowhere.call('balance', { token: 'tok-7', userId: 7, gameCode: 'imlive1001' })).kind).toBe('lost');
  });
});

describe('bets through the wallet', () => {
  it('debits on the bet and credits on settlement (0 closes a lost bet)', async () => {
    const { bets, table, session, outbox } = setup();
    const round = table.current;
    const a = await bets.place(session, table, { roundId: round.roundId, option: 'playerA', stake: 100 });
    const b = await bets.place(session, table, { roundId: round.roundId, option: 'playerB', stake: 50 });
    expect(a.ok && b.ok).toBe(true);
    expect(balance()).toBe(100_000 - 15_000);
    // finish the round by hand
    round.result = { ...fakeResult(round.roundId) };
    bets.settleRound(round, table);
    await until(() => outbox.pending().length === 0);
    const factorA = table.game.engine.settle('playerA', round.deal.result);
    const factorB = table.game.engine.settle('playerB', round.deal.result);
    expect(balance()).toBe(100_000 - 15_000 + Math.floor(10_000 * factorA + 1e-6) + Math.floor(5_000 * factorB + 1e-6));
    const credits = platform.calls.filter((c) => c.op === 'credit');
    expect(credits.map((c) => c.body.amount).sort()).toEqual([Math.floor(10_000 * factorA + 1e-6) / 100, Math.floor(5_000 * factorB + 1e-6) / 100].sort());
    expect(credits.every((c) => c.status === 'OK')).toBe(true);
    expect(bets.betsOf(7, round.roundId).every((x) => x.state === 'settled' && x.credited)).toBe(true);
  });

  it('retries a debit on INTERNAL_ERROR with the same transaction id', async () => {
    const { bets, table, session } = setup();
    platform.fail('debit', 'internal', 'internal');
    const r = await bets.place(session, table, { roundId: table.current.roundId, option: 'playerA', stake: 10 });
    expect(r.ok).toBe(true);
    const debits = platform.calls.filter((c) => c.op === 'debit');
    expect(debits.map((c) => c.status)).toEqual(['INTERNAL_ERROR', 'INTERNAL_ERROR', 'OK']);
    expect(new Set(debits.map((c) => c.body.transactionId)).size).toBe(1);
    expect(balance()).toBe(100_000 - 1000);
  });

  it('rolls back a debit whose answer was lost (committed, then the connection dropped): the balance is as before', async () => {
    const { bets, table, session, outbox } = setup();
    platform.fail('debit', 'drop-after-commit');
    const r = await bets.place(session, table, { roundId: table.current.roundId, option: 'playerA', stake: 250 });
    expect(r.ok).toBe(false);
    await until(() => outbox.pending().length === 0);
    expect(balance()).toBe(100_000);
    const rollback = platform.calls.find((c) => c.op === 'rollback')!;
    expect(rollback.status).toBe('OK');
    expect(rollback.body.referenceTransactionId).toBe(platform.calls.find((c) => c.op === 'debit')!.body.transactionId);
  });

  it('rolls back a debit that timed out, retrying the rollback until the platform answers', async () => {
    const { bets, table, session, outbox } = setup({ timeoutMs: 300 });
    platform.fail('debit', 'drop-before');
    platform.fail('rollback', 'internal', 'drop-before', 'http-500');
    const r = await bets.place(session, table, { roundId: table.current.roundId, option: 'playerB', stake: 20 });
    expect(r).toMatchObject({ ok: false });
    await until(() => outbox.pending().length === 0);
    const rollbacks = platform.calls.filter((c) => c.op === 'rollback');
    expect(rollbacks.map((c) => c.status)).toEqual(['INTERNAL_ERROR', undefined, undefined, 'OK']);
    expect(new Set(rollbacks.map((c) => c.body.transactionId)).size).toBe(1);
    // the debit never arrived: the rollback left a marker, so the same debit is now refused
    expect(balance()).toBe(100_000);
    const wallet = new WalletClient({ platformUrl: platform.url, providerId: PROVIDER, secret: SECRET, clock: systemClock });
    const replay = await wallet.call('debit', platform.calls.find((c) => c.op === 'debit')!.body as never);
    expect(replay.kind === 'answer' && replay.answer.status).toBe('TRANSACTION_ROLLED_BACK');
  });

  it('retries credits with back-off until they succeed, and a repeat moves nothing', async () => {
    const { bets, table, session, outbox } = setup();
    const round = table.current;
    await bets.place(session, table, { roundId: round.roundId, option: 'pairPlusA', stake: 10 });
    platform.fail('credit', 'internal', 'drop-after-commit', 'internal');
    round.result = fakeResult(round.roundId);
    bets.settleRound(round, table);
    await until(() => outbox.pending().length === 0);
    const credits = platform.calls.filter((c) => c.op === 'credit');
    // INTERNAL_ERROR, committed-but-lost, INTERNAL_ERROR (fault), then the first answer again
    expect(credits.length).toBe(4);
    expect(credits.at(-1)!.status).toBe('OK');
    const payout = Math.floor(1000 * table.game.engine.settle('pairPlusA', round.deal.result) + 1e-6);
    expect(balance()).toBe(100_000 - 1000 + payout);
  });

  it('passes a final refusal to the player without a rollback', async () => {
    const { bets, table, session } = setup();
    const r = await bets.place(session, table, { roundId: table.current.roundId, option: 'playerA', stake: 5000 });
    expect(r).toEqual({ ok: false, status: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' });
    expect(platform.calls.filter((c) => c.op === 'rollback')).toEqual([]);
  });

  it('keeps pending credits in a JSON file and a new outbox finishes them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const first = setup({ dataDir });
    first.outbox.stop(); // as if the process died before sending
    const round = first.table.current;
    await first.bets.place(first.session, first.table, { roundId: round.roundId, option: 'playerA', stake: 10 });
    round.result = fakeResult(round.roundId);
    first.bets.settleRound(round, first.table);
    const saved = JSON.parse(readFileSync(join(dataDir, 'outbox.json'), 'utf8')) as OutboxDocument;
    expect(saved.pending.map((e) => e.op)).toEqual(['credit']);
    const second = setup({ dataDir });
    await until(() => second.outbox.pending().length === 0);
    expect(platform.calls.filter((c) => c.op === 'credit').map((c) => c.status)).toEqual(['OK']);
  });

  it('refuses a bet on a round that is no longer open, or an option not on offer', async () => {
    const { bets, table, session } = setup();
    expect(await bets.place(session, table, { roundId: '1', option: 'playerA', stake: 10 })).toMatchObject({ ok: false, message: 'Betting is closed for this round' });
    expect(await bets.place(session, table, { roundId: table.current.roundId, option: 'nope', stake: 10 })).toMatchObject({ ok: false, message: 'This bet is not on offer' });
    expect(await bets.place(session, table, { roundId: table.current.roundId, option: 'playerA', stake: 0.5 })).toMatchObject({ ok: false });
    expect(platform.calls).toEqual([]);
  });
});

function fakeResult(roundId: string) {
  return { roundId, gameCode: 'imlive1001', gamename: 'TP T20', startedAt: '', settledAt: '', cards: [], hands: [], winner: 'x', description: '', proof: { serverSeed: '', clientSeed: '', hash: '', chainTerminalHash: '', cursors: 1, deck: '52' } };
}
