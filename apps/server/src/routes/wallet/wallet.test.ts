import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { casinoLaunchTokens, users } from '../../db/schema/index.ts';
import { accountOfUser, checkLedger, transfer, worldAccount } from '../../services/ledger.ts';
import { findUserByName } from '../../services/users.ts';
import { useProviderStub, walletClient } from '../../test/casino-provider-stub.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { DAY_MS, istDate } from '../../lib/time.ts';

const SECRET = 'wallet-test-secret';
const PROVIDER_ID = 'test-provider';
const provider = useProviderStub(SECRET, PROVIDER_ID);

describeEachDatabase(
  'casino wallet over HTTP',
  (ctx) => {
    let wallet: ReturnType<typeof walletClient>;
    let seq = 0;
    const txid = (label: string) => `${label}-${ctx().kind}-${++seq}`;

    beforeAll(async () => {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx().app.server.address() as AddressInfo;
      wallet = walletClient(`http://127.0.0.1:${port}`, SECRET, PROVIDER_ID, ctx().now);
    });

    // demo2 serves here as a second bettor: its forced password change (ADR 25) would refuse the launch.
    beforeAll(async () => {
      await ctx().db.update(users).set({ isChangePassword: false }).where(eq(users.userName, 'demo2'));
    });

    afterEach(async () => {
      expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
    });

    /** Logs the user in, launches TP T20 and returns what the provider got: the wallet token. */
    const launch = async (userName: string, gameCode = 'imlive1001') => {
      const token = await ctx().login(userName);
      const res = await ctx().call('launchNewGame', { GameCode: gameCode, type: '1' }, token);
      expect(res.statusCode).toBe(200);
      const launched = provider.stub.launches.at(-1)!;
      const userId = (await findUserByName(ctx().db, userName))!.id;
      expect(launched).toMatchObject({ userId, userName, gameCode, type: 1 });
      return { walletToken: launched.token, userId, sessionToken: token };
    };
    const balanceOf = async (userName: string) => (await accountOfUser(ctx().db, (await findUserByName(ctx().db, userName))!.id)).balancePaise / 100;
    const bet = (betId: string, stake: number) => ({ betId, option: 'playerA', optionName: 'Player A', odds: 1.98, stake, gamename: 'TP T20' });
    const debitBody = (p: { walletToken: string; userId: number }, transactionId: string, amount: number, roundId = '1001') => ({
      token: p.walletToken,
      userId: p.userId,
      gameCode: 'imlive1001',
      transactionId,
      roundId,
      amount,
      bet: bet(`bet-${transactionId}`, amount),
    });
    const creditBody = (p: { walletToken: string; userId: number }, transactionId: string, debitId: string, amount: number, roundId = '1001') => ({
      token: p.walletToken,
      userId: p.userId,
      gameCode: 'imlive1001',
      transactionId,
      roundId,
      amount,
      referenceTransactionId: debitId,
      bet: bet(`bet-${debitId}`, 100),
      result: { winner: 'Player A', outcome: amount > 0 ? 'won' : 'lost', payout: amount, cards: ['AS', 'KH', 'AD', 'KD', 'AC', 'KC'] },
    });
    const rollbackBody = (p: { walletToken: string; userId: number }, transactionId: string, debitId: string, amount: number, roundId = '1001') => ({
      token: p.walletToken,
      userId: p.userId,
      gameCode: 'imlive1001',
      transactionId,
      roundId,
      amount,
      referenceTransactionId: debitId,
      reason: 'answer lost',
    });

    it('answers the balance of a launched player (available balance, rupees)', async () => {
      const p = await launch('demo1');
      const answer = await wallet('balance', { token: p.walletToken, userId: p.userId, gameCode: 'imlive1001' });
      expect(answer).toEqual({ status: 'OK', balance: 100_000, httpStatus: 200 });
      // The token is stored hashed, never as given.
      const rows = await ctx().db.select().from(casinoLaunchTokens).where(eq(casinoLaunchTokens.userId, p.userId));
      expect(rows.some((r) => r.tokenHash === p.walletToken)).toBe(false);
    });

    it('debits once: a repeat of the transaction id gets the first answer and moves nothing', async () => {
      const p = await launch('demo1');
      const id = txid('debit');
      const first = await wallet('debit', debitBody(p, id, 100));
      expect(first).toEqual({ status: 'OK', balance: 99_900, transactionId: id, httpStatus: 200 });
      expect(await balanceOf('demo1')).toBe(99_900);
      const again = await wallet('debit', debitBody(p, id, 100));
      expect(again).toEqual(first);
      expect(await balanceOf('demo1')).toBe(99_900);
      // Same id, another body: refused, nothing moves.
      const other = await wallet('debit', debitBody(p, id, 250));
      expect(other).toMatchObject({ status: 'DUPLICATE_TRANSACTION', transactionId: id });
      expect(await balanceOf('demo1')).toBe(99_900);
      // Settle it: a win of 198 comes back once.
      const creditId = txid('credit');
      const credit = await wallet('credit', creditBody(p, creditId, id, 198));
      expect(credit).toEqual({ status: 'OK', balance: 100_098, transactionId: creditId, httpStatus: 200 });
      expect(await wallet('credit', creditBody(p, creditId, id, 198))).toEqual(credit);
      expect(await balanceOf('demo1')).toBe(100_098);
      // A second credit of the same bet, and a rollback of a settled bet, are refused.
      expect(await wallet('credit', creditBody(p, txid('credit'), id, 198))).toMatchObject({ status: 'BET_ALREADY_SETTLED' });
      expect(await wallet('rollback', rollbackBody(p, txid('rb'), id, 100))).toMatchObject({ status: 'BET_ALREADY_SETTLED' });
      // The round is closed to new bets of this user.
      expect(await wallet('debit', debitBody(p, txid('debit'), 100))).toMatchObject({ status: 'BET_ALREADY_SETTLED' });
      expect(await balanceOf('demo1')).toBe(100_098);
    });

    it('refuses a bad signature, another provider id and a timestamp more than 300 s off', async () => {
      const p = await launch('demo2');
      const body = debitBody(p, txid('sig'), 100, '2001');
      expect(await wallet('debit', body, { secret: 'not-the-secret' })).toMatchObject({ status: 'INVALID_SIGNATURE' });
      expect(await wallet('debit', body, { signature: 'abcd' })).toMatchObject({ status: 'INVALID_SIGNATURE' });
      expect(await wallet('debit', body, { providerId: 'someone-else' })).toMatchObject({ status: 'INVALID_SIGNATURE' });
      const nowS = Math.floor(ctx().now().getTime() / 1000);
      expect(await wallet('debit', body, { timestamp: nowS - 301 })).toMatchObject({ status: 'INVALID_SIGNATURE' });
      expect(await wallet('debit', body, { timestamp: nowS + 301 })).toMatchObject({ status: 'INVALID_SIGNATURE' });
      expect(await balanceOf('demo2')).toBe(100_000);
      // Within the window it goes through.
      expect(await wallet('debit', body, { timestamp: nowS - 290 })).toMatchObject({ status: 'OK', balance: 99_900 });
      expect(await wallet('rollback', rollbackBody(p, txid('rb'), body.transactionId, 100, '2001'))).toMatchObject({ status: 'OK', balance: 100_000 });
    });

    it('refuses an unknown token, a token of another game or user, and a malformed body', async () => {
      const p = await launch('demo2');
      const q = await launch('demo3');
      expect(await wallet('debit', { ...debitBody(p, txid('tok'), 100), token: 'no-such-token' })).toMatchObject({ status: 'INVALID_TOKEN' });
      expect(await wallet('balance', { token: p.walletToken, userId: p.userId, gameCode: 'imlive1013' })).toMatchObject({ status: 'INVALID_TOKEN' });
      expect(await wallet('debit', { ...debitBody(p, txid('tok'), 100), userId: q.userId })).toMatchObject({ status: 'INVALID_TOKEN' });
      expect(await wallet('debit', { ...debitBody(p, txid('tok'), 100), userId: 999_999 })).toMatchObject({ status: 'INVALID_TOKEN' });
      const malformed = await wallet('debit', { ...debitBody(p, txid('bad'), 100), amount: -5 });
      expect(malformed).toMatchObject({ status: 'INTERNAL_ERROR', httpStatus: 400 });
      expect(await balanceOf('demo2')).toBe(100_000);
    });

    it('refuses insufficient funds and stakes over the limits', async () => {
      const p = await launch('demo3');
      // demo3 gives back all but ₹50.
      const account = await accountOfUser(ctx().db, p.userId);
      const world = await worldAccount(ctx().db);
      await transfer(ctx().db, { idempotencyKey: `test:drain:${ctx().kind}`, debitAccountId: account.id, creditAccountId: world.id, amountPaise: 9_995_000, reason: 'WITHDRAW', remark: 'test' }, ctx().now());
      const id = txid('nsf');
      expect(await wallet('debit', debitBody(p, id, 100, '3001'))).toEqual({ status: 'INSUFFICIENT_FUNDS', balance: 50, transactionId: id, httpStatus: 200 });
      // The refusal is the first answer: it stays the answer for that id.
      expect(await wallet('debit', debitBody(p, id, 100, '3001'))).toMatchObject({ status: 'INSUFFICIENT_FUNDS' });
      expect(await wallet('debit', debitBody(p, txid('ok'), 50, '3001'))).toMatchObject({ status: 'OK', balance: 0 });
      await transfer(ctx().db, { idempotencyKey: `test:refill:${ctx().kind}`, debitAccountId: world.id, creditAccountId: account.id, amountPaise: 20_000_000, reason: 'DEPOSIT', remark: 'test' }, ctx().now());
      expect(await wallet('debit', debitBody(p, txid('max'), 50_000.01, '3002'))).toMatchObject({ status: 'LIMIT_EXCEEDED' });
      expect(await wallet('debit', debitBody(p, txid('r1'), 50_000, '3002'))).toMatchObject({ status: 'OK' });
      expect(await wallet('debit', debitBody(p, txid('r2'), 50_000, '3002'))).toMatchObject({ status: 'OK' });
      // ₹1,00,000 is the most one user may have open on a round.
      expect(await wallet('debit', debitBody(p, txid('r3'), 1, '3002'))).toMatchObject({ status: 'LIMIT_EXCEEDED' });
    });

    it('rolls back a debit whose answer was lost: the balance is as before, and stays so', async () => {
      const p = await launch('demo1');
      const before = await balanceOf('demo1');
      const id = txid('lost');
      // The provider's request reaches the platform, but its answer never comes back.
      await wallet('debit', debitBody(p, id, 500, '4001'));
      expect(await balanceOf('demo1')).toBe(before - 500);
      const rb = txid('rb');
      expect(await wallet('rollback', rollbackBody(p, rb, id, 500, '4001'))).toEqual({ status: 'OK', balance: before, transactionId: rb, httpStatus: 200 });
      expect(await balanceOf('demo1')).toBe(before);
      // Retries of the rollback and of the debit move nothing; the debit can no longer be credited.
      expect(await wallet('rollback', rollbackBody(p, rb, id, 500, '4001'))).toMatchObject({ status: 'OK', balance: before });
      expect(await wallet('rollback', rollbackBody(p, txid('rb'), id, 500, '4001'))).toMatchObject({ status: 'OK' });
      expect(await wallet('debit', debitBody(p, id, 500, '4001'))).toMatchObject({ status: 'OK' });
      expect(await wallet('credit', creditBody(p, txid('cr'), id, 990, '4001'))).toMatchObject({ status: 'TRANSACTION_ROLLED_BACK' });
      expect(await balanceOf('demo1')).toBe(before);
    });

    it('a rollback that arrives before its debit blocks that debit', async () => {
      const p = await launch('demo2');
      const before = await balanceOf('demo2');
      const id = txid('late');
      const rb = txid('rb');
      expect(await wallet('rollback', rollbackBody(p, rb, id, 300, '5001'))).toEqual({ status: 'OK', balance: before, transactionId: rb, httpStatus: 200 });
      expect(await wallet('debit', debitBody(p, id, 300, '5001'))).toEqual({ status: 'TRANSACTION_ROLLED_BACK', balance: before, transactionId: id, httpStatus: 200 });
      expect(await wallet('debit', debitBody(p, id, 300, '5001'))).toMatchObject({ status: 'TRANSACTION_ROLLED_BACK' });
      expect(await balanceOf('demo2')).toBe(before);
      // A credit for an unknown debit finds nothing.
      expect(await wallet('credit', creditBody(p, txid('cr'), 'never-sent', 10, '5001'))).toMatchObject({ status: 'TRANSACTION_NOT_FOUND' });
    });

    it('expires idle tokens for debits but still accepts credits and rollbacks', async () => {
      const p = await launch('demo3');
      const win = txid('win');
      const lose = txid('lose');
      expect(await wallet('debit', debitBody(p, win, 100, '6001'))).toMatchObject({ status: 'OK' });
      expect(await wallet('debit', debitBody(p, lose, 100, '6001'))).toMatchObject({ status: 'OK' });
      const before = await balanceOf('demo3');
      ctx().advanceClock(21 * 60_000);
      expect(await wallet('debit', debitBody(p, txid('x'), 100, '6002'))).toMatchObject({ status: 'TOKEN_EXPIRED' });
      expect(await wallet('balance', { token: p.walletToken, userId: p.userId, gameCode: 'imlive1001' })).toMatchObject({ status: 'TOKEN_EXPIRED' });
      expect(await wallet('credit', creditBody(p, txid('cr'), win, 198, '6001'))).toMatchObject({ status: 'OK', balance: before + 198 });
      // A credit of 0 closes a lost bet.
      expect(await wallet('credit', creditBody(p, txid('cr'), lose, 0, '6001'))).toMatchObject({ status: 'OK', balance: before + 198 });
      expect(await balanceOf('demo3')).toBe(before + 198);
    });

    it('ends casino tokens at logout and refuses a blocked user', async () => {
      const p = await launch('demo1');
      expect(await wallet('debit', debitBody(p, txid('a'), 10, '7001'))).toMatchObject({ status: 'OK' });
      await ctx().call('logout', {}, p.sessionToken);
      expect(await wallet('debit', debitBody(p, txid('b'), 10, '7001'))).toMatchObject({ status: 'TOKEN_EXPIRED' });
      const q = await launch('demo2');
      await ctx().db.update(users).set({ status: 'locked' }).where(eq(users.id, q.userId));
      try {
        expect(await wallet('debit', debitBody(q, txid('c'), 10, '7002'))).toMatchObject({ status: 'USER_BLOCKED' });
      } finally {
        await ctx().db.update(users).set({ status: 'active' }).where(eq(users.id, q.userId));
      }
    });

    it('takes concurrent repeats of one debit exactly once', async () => {
      const p = await launch('demo1');
      const before = await balanceOf('demo1');
      const id = txid('burst');
      const answers = await Promise.all(Array.from({ length: 8 }, () => wallet('debit', debitBody(p, id, 100, '8001'))));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toMatchObject({ status: 'OK', balance: before - 100 });
      expect(await balanceOf('demo1')).toBe(before - 100);
      // A debit and its rollback racing: whichever wins, the balance ends where it started.
      const raced = txid('race');
      await Promise.all([wallet('debit', debitBody(p, raced, 100, '8002')), wallet('rollback', rollbackBody(p, txid('rb'), raced, 100, '8002'))]);
      expect(await balanceOf('demo1')).toBe(before - 100);
    });

    it('shows casino rows in the statement and the rounds in Live Casino Bets', async () => {
      const token = await ctx().login('demo1');
      const today = istDate(ctx().now());
      // From yesterday: the expiry test moved the clock, possibly past midnight (IST).
      const yesterday = istDate(new Date(ctx().now().getTime() - DAY_MS));
      const statement = await ctx().call('getUserAccountStatementHistory', { from_date: yesterday, to_date: today, statement_type: 'casino', page: 1, limit: 100 }, token);
      expect(statement.statusCode).toBe(200);
      const rows = statement.json.data.rows as Array<{ type: string; remark: string }>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.type === 'casino')).toBe(true);
      expect(rows.some((r) => r.remark.includes('TP T20 (imlive1001) round 1001: Player A @ 1.98'))).toBe(true);

      const bets = await ctx().call('getLiveCasinoBets', { from_date: yesterday, to_date: today, page: 1, limit: 100 }, token);
      expect(bets.statusCode).toBe(200);
      const byRound = new Map((bets.json.data.rows as Array<{ round_id: string }>).map((r) => [r.round_id, r]));
      expect(byRound.get('1001')).toMatchObject({ status: 'settled', stake: 100, payout: 198, pnl: 98, winner: 'Player A', gamename: 'TP T20' });
      expect(byRound.get('4001')).toMatchObject({ status: 'rolled_back', stake: 0, pnl: 0, bets: [expect.objectContaining({ state: 'rolled_back', payout: 500 })] });
      expect(byRound.get('8001')).toMatchObject({ status: 'open', stake: 100, pnl: 0 });
      expect(bets.json.data.totals.open_stake).toBeGreaterThanOrEqual(100);
      const page = await ctx().call('getLiveCasinoBets', { from_date: yesterday, to_date: today, page: 2, limit: 1 }, token);
      expect(page.json.data).toMatchObject({ page: 2, limit: 1, total: bets.json.data.total });
      expect(page.json.data.rows).toHaveLength(1);
    });
  },
  { casino: provider.casino },
);
