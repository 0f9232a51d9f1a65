import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { WALLET_OPERATIONS, WALLET_STATUSES, type WalletOperation, DAY_MS, istDate } from '@exchange/contracts';
import { casinoLaunchTokens, casinoTransactions, users } from '../../db/schema/index.ts';
import { accountOfUser, checkLedger, transfer, worldAccount } from '../../services/money/index.ts';
import { findUserByName } from '../../services/users.ts';
import { useProviderStub, walletClient } from '../../test/casino-provider-stub.ts';
import { describeEachDatabase } from '../../test/databases.ts';

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
      // The most the bet can win back: stake x 1.98 (Player A), rounded down to the paisa.
      maxPayout: Math.floor(amount * 198) / 100,
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
      // Off by 330 s, not 301: on a loaded machine the calls before one can take over a second,
      // which brought a 301 s-ahead timestamp back inside the window (a CI run on 2026-12-01).
      const nowS = () => Math.floor(ctx().now().getTime() / 1000);
      expect(await wallet('debit', body, { timestamp: nowS() - 330 })).toMatchObject({ status: 'INVALID_SIGNATURE' });
      expect(await wallet('debit', body, { timestamp: nowS() + 330 })).toMatchObject({ status: 'INVALID_SIGNATURE' });
      expect(await balanceOf('demo2')).toBe(100_000);
      // Within the window it goes through.
      expect(await wallet('debit', body, { timestamp: nowS() - 290 })).toMatchObject({ status: 'OK', balance: 99_900 });
      expect(await wallet('rollback', rollbackBody(p, txid('rb'), body.transactionId, 100, '2001'))).toMatchObject({ status: 'OK', balance: 100_000 });
    });

    it('refuses an unknown token, a token of another game or user, and a malformed body', async () => {
      const p = await launch('demo2');
      const q = await launch('demo3');
      expect(await wallet('debit', { ...debitBody(p, txid('tok'), 100), token: 'no-such-token' })).toMatchObject({ status: 'INVALID_TOKEN' });
      expect(await wallet('balance', { token: p.walletToken, userId: p.userId, gameCode: 'imlive1013' })).toMatchObject({ status: 'INVALID_TOKEN' });
      expect(await wallet('debit', { ...debitBody(p, txid('tok'), 100), userId: q.userId })).toMatchObject({ status: 'INVALID_TOKEN' });
      expect(await wallet('debit', { ...debitBody(p, txid('tok'), 100), userId: 999_999 })).toMatchObject({ status: 'INVALID_TOKEN' });
      // A bad amount is final (never INTERNAL_ERROR, which the provider retries).
      const malformed = await wallet('debit', { ...debitBody(p, txid('bad'), 100), amount: -5 });
      expect(malformed).toMatchObject({ status: 'INVALID_AMOUNT', httpStatus: 400 });
      expect(await balanceOf('demo2')).toBe(100_000);
    });

    /** The casino_transactions rows of a transaction id (none when the call was refused unread). */
    const rowsById = (transactionId: string) => ctx().db.select().from(casinoTransactions).where(eq(casinoTransactions.transactionId, transactionId));
    /** A valid body of each operation, about one open debit of `p` (credit and rollback refer to it). */
    const bodiesFor = (p: { walletToken: string; userId: number }, debitId: string, roundId: string) => ({
      balance: { token: p.walletToken, userId: p.userId, gameCode: 'imlive1001' },
      debit: debitBody(p, txid('x-debit'), 100, roundId),
      credit: creditBody(p, txid('x-credit'), debitId, 198, roundId),
      rollback: { ...rollbackBody(p, txid('x-rb'), debitId, 100, roundId), bet: bet(`bet-${debitId}`, 100) },
    });

    it('refuses a body signed for one operation at every other operation, and moves nothing', async () => {
      const p = await launch('demo1');
      const debitId = txid('open');
      expect(await wallet('debit', debitBody(p, debitId, 100, '9101'))).toMatchObject({ status: 'OK' });
      const before = await balanceOf('demo1');
      const bodies = bodiesFor(p, debitId, '9101');
      // The reported case first (a signed credit replayed at /rollback refunded the stake), then every other pair.
      const pairs = WALLET_OPERATIONS.flatMap((signedFor) => WALLET_OPERATIONS.filter((op) => op !== signedFor).map((postedTo) => ({ signedFor, postedTo })));
      pairs.sort((a, b) => Number(b.signedFor === 'credit' && b.postedTo === 'rollback') - Number(a.signedFor === 'credit' && a.postedTo === 'rollback'));
      expect(pairs).toHaveLength(12);
      for (const { signedFor, postedTo } of pairs) {
        const answer = await wallet(postedTo, bodies[signedFor], { signAs: signedFor });
        expect({ signedFor, postedTo, answer, balance: await balanceOf('demo1') }).toMatchObject({ signedFor, postedTo, answer: { status: 'INVALID_SIGNATURE' }, balance: before });
      }
      expect(await balanceOf('demo1')).toBe(before);
      for (const body of [bodies.debit, bodies.credit, bodies.rollback]) expect(await rowsById(body.transactionId)).toEqual([]);
      // The debit is still open: its own credit, signed for /credit, settles it once.
      expect(await wallet('credit', bodies.credit)).toMatchObject({ status: 'OK', balance: before + 198 });
      expect(await balanceOf('demo1')).toBe(before + 198);
    });

    it('refuses unknown fields on every operation, at the top and inside the bet and the result', async () => {
      const p = await launch('demo2');
      const debitId = txid('open');
      expect(await wallet('debit', debitBody(p, debitId, 100, '9201'))).toMatchObject({ status: 'OK' });
      const before = await balanceOf('demo2');
      const bodies = bodiesFor(p, debitId, '9201');
      const withExtras = [
        ...WALLET_OPERATIONS.map((op) => ({ op, body: { ...bodies[op], extra: 1 } })),
        { op: 'debit' as const, body: { ...bodies.debit, bet: { ...bodies.debit.bet, bonus: true } } },
        { op: 'credit' as const, body: { ...bodies.credit, result: { ...bodies.credit.result, jackpot: 5 } } },
        // A credit body signed for /rollback: every field of a rollback, plus the credit's result.
        { op: 'rollback' as const, body: { ...bodies.credit } },
      ];
      for (const { op, body } of withExtras) {
        const answer = await wallet(op, body);
        expect({ op, answer }).toMatchObject({ op, answer: { status: 'BAD_REQUEST', httpStatus: 400 } });
      }
      expect(await balanceOf('demo2')).toBe(before);
      for (const body of [bodies.debit, bodies.credit, bodies.rollback]) expect(await rowsById(body.transactionId)).toEqual([]);
      expect(await wallet('credit', bodies.credit)).toMatchObject({ status: 'OK' });
    });

    it('refuses a credit above the maximum payout its debit stated: PAYOUT_EXCEEDED, nothing moves, the bet stays open', async () => {
      const p = await launch('demo2');
      const debitId = txid('capped');
      // ₹10 on Player A at 1.98: the most it can win back is ₹19.80.
      expect(await wallet('debit', debitBody(p, debitId, 10, '9301'))).toMatchObject({ status: 'OK' });
      const before = await balanceOf('demo2');
      const tooMuch = txid('cr');
      const refused = await wallet('credit', creditBody(p, tooMuch, debitId, 500, '9301'));
      expect(refused).toEqual({ status: 'PAYOUT_EXCEEDED', balance: before, transactionId: tooMuch, httpStatus: 200, message: expect.stringContaining('maximum payout') });
      // The refusal is the answer of that id for good; a penny over the maximum is refused too.
      expect(await wallet('credit', creditBody(p, tooMuch, debitId, 500, '9301'))).toMatchObject({ status: 'PAYOUT_EXCEEDED' });
      expect(await wallet('credit', creditBody(p, txid('cr'), debitId, 19.81, '9301'))).toMatchObject({ status: 'PAYOUT_EXCEEDED' });
      expect(await balanceOf('demo2')).toBe(before);
      const [debit] = await rowsById(debitId);
      expect(debit).toMatchObject({ betState: 'open', maxPayoutPaise: 1980 });
      // The stated maximum itself is paid.
      expect(await wallet('credit', creditBody(p, txid('cr'), debitId, 19.8, '9301'))).toMatchObject({ status: 'OK', balance: before + 19.8 });
      expect(await balanceOf('demo2')).toBe(before + 19.8);
    });

    it('refuses a debit that states no maximum payout, or one below its stake', async () => {
      const p = await launch('demo2');
      const before = await balanceOf('demo2');
      const { maxPayout: _dropped, ...withoutMax } = debitBody(p, txid('nomax'), 10, '9302');
      expect(await wallet('debit', withoutMax)).toMatchObject({ status: 'INVALID_AMOUNT', httpStatus: 400, message: 'maxPayout: is required' });
      expect(await wallet('debit', { ...debitBody(p, txid('lowmax'), 10, '9302'), maxPayout: 9.99 })).toMatchObject({ status: 'INVALID_AMOUNT', httpStatus: 400 });
      expect(await balanceOf('demo2')).toBe(before);
    });

    it('refuses a bad amount in every amount field of every call as INVALID_AMOUNT (4xx, final), and moves nothing', async () => {
      const p = await launch('demo1');
      const debitId = txid('open');
      expect(await wallet('debit', debitBody(p, debitId, 100, '9401'))).toMatchObject({ status: 'OK' });
      const before = await balanceOf('demo1');
      const bodies = bodiesFor(p, debitId, '9401');
      // Huge, negative, a fraction of a paisa, strings, null, booleans, objects.
      const bad: unknown[] = [1e308, 1e20, 1e12, -1, -0.01, 0.001, 10.005, 'abc', '100', '', null, true, {}, [100], 'NaN', 'Infinity'];
      const cases: Array<{ op: WalletOperation; field: string; body: (v: unknown) => object }> = [
        { op: 'debit', field: 'amount', body: (v) => ({ ...bodies.debit, amount: v }) },
        { op: 'debit', field: 'maxPayout', body: (v) => ({ ...bodies.debit, maxPayout: v }) },
        { op: 'debit', field: 'bet.stake', body: (v) => ({ ...bodies.debit, bet: { ...bodies.debit.bet, stake: v } }) },
        { op: 'credit', field: 'amount', body: (v) => ({ ...bodies.credit, amount: v }) },
        { op: 'credit', field: 'bet.stake', body: (v) => ({ ...bodies.credit, bet: { ...bodies.credit.bet, stake: v } }) },
        { op: 'credit', field: 'result.payout', body: (v) => ({ ...bodies.credit, result: { ...bodies.credit.result, payout: v } }) },
        { op: 'rollback', field: 'amount', body: (v) => ({ ...bodies.rollback, amount: v }) },
        { op: 'rollback', field: 'bet.stake', body: (v) => ({ ...bodies.rollback, bet: { ...bodies.rollback.bet, stake: v } }) },
      ];
      const refusals: unknown[] = [];
      for (const { op, field, body } of cases) {
        for (const value of bad) refusals.push({ op, field, value, answer: await wallet(op, body(value)) });
        // JSON's own non-finite numbers: 1e999 parses as Infinity, -1e999 as -Infinity.
        for (const value of ['1e999', '-1e999']) {
          const raw = JSON.stringify(body('__AMOUNT__')).replace('"__AMOUNT__"', value);
          refusals.push({ op, field, value, answer: await wallet(op, raw) });
        }
      }
      // Zero where a stake is meant: a debit of 0, a maximum payout of 0, a rollback of 0, a stake of 0.
      for (const [op, field, body] of [
        ['debit', 'amount', { ...bodies.debit, amount: 0 }],
        ['debit', 'maxPayout', { ...bodies.debit, maxPayout: 0 }],
        ['debit', 'bet.stake', { ...bodies.debit, bet: { ...bodies.debit.bet, stake: 0 } }],
        ['rollback', 'amount', { ...bodies.rollback, amount: 0 }],
      ] as const) {
        refusals.push({ op, field, value: 0, answer: await wallet(op, body) });
      }
      for (const refusal of refusals) expect(refusal).toMatchObject({ answer: { status: 'INVALID_AMOUNT', httpStatus: 400 } });
      // The balance call has no amount: one sent anyway is an unknown field, refused as final too.
      for (const value of [1e308, -1, 'abc']) expect(await wallet('balance', { ...bodies.balance, amount: value })).toMatchObject({ status: 'BAD_REQUEST', httpStatus: 400 });
      expect(await balanceOf('demo1')).toBe(before);
      for (const body of [bodies.debit, bodies.credit, bodies.rollback]) expect(await rowsById(body.transactionId)).toEqual([]);
      // Nothing was half-written: the debit is still open and settles normally.
      expect(await wallet('credit', bodies.credit)).toMatchObject({ status: 'OK', balance: before + 198 });
    });

    it('refuses a NUL character in any text of a body as BAD_REQUEST (final), never a 500 the provider would retry', async () => {
      const p = await launch('demo2');
      const debitId = txid('open');
      expect(await wallet('debit', debitBody(p, debitId, 100, '9501'))).toMatchObject({ status: 'OK' });
      const before = await balanceOf('demo2');
      const bodies = bodiesFor(p, debitId, '9501');
      const nul = (text: string) => `${text}\u0000`;
      const cases: Array<{ op: WalletOperation; body: object }> = [
        { op: 'debit', body: { ...bodies.debit, transactionId: nul(bodies.debit.transactionId) } },
        { op: 'debit', body: { ...bodies.debit, bet: { ...bodies.debit.bet, optionName: nul('Player A') } } },
        { op: 'credit', body: { ...bodies.credit, result: { ...bodies.credit.result, winner: nul('Player A') } } },
        { op: 'credit', body: { ...bodies.credit, result: { ...bodies.credit.result, cards: [nul('AS')] } } },
        { op: 'rollback', body: { ...bodies.rollback, reason: nul('void') } },
        { op: 'balance', body: { ...bodies.balance, token: nul(p.walletToken) } },
      ];
      for (const { op, body } of cases) expect({ op, answer: await wallet(op, body) }).toMatchObject({ op, answer: { status: 'BAD_REQUEST', httpStatus: 400 } });
      expect(await balanceOf('demo2')).toBe(before);
      for (const body of [bodies.debit, bodies.credit, bodies.rollback]) expect(await rowsById(body.transactionId)).toEqual([]);
    });

    it('never answers a mutated body with a 5xx or INTERNAL_ERROR: 100 per operation, each field replaced by anything', async () => {
      const p = await launch('demo2');
      const debitId = txid('open');
      expect(await wallet('debit', debitBody(p, debitId, 100, '9601'))).toMatchObject({ status: 'OK' });
      const bodies = bodiesFor(p, debitId, '9601');
      // Values a careless or hostile caller sends: any JSON, huge and tiny numbers, control characters, deep nesting.
      const anything = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.constantFrom(1e308, -1e308, 1e20, -1, 0, 0.001, 2 ** 53, -(2 ** 31), '', 'NaN', '1e999', '\u0000', 'x'.repeat(5000)),
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.array(fc.integer(), { maxLength: 5 }),
      );
      for (const op of WALLET_OPERATIONS) {
        const body = bodies[op] as Record<string, unknown>;
        const paths = [...leafPaths(body), ['extra'], ['bet', 'extra']];
        const mutations = fc.sample(fc.tuple(fc.constantFrom(...paths), anything, fc.integer({ min: 0, max: 999_999 })), { seed: 9, numRuns: 100 });
        for (const [path, value, n] of mutations) {
          // A fresh transaction id each time (unless it is the field replaced), so no answer is a replay.
          const mutated = withValue({ ...structuredClone(body), ...('transactionId' in body ? { transactionId: `${body.transactionId}-f${n}` } : {}) }, path, value);
          const answer = await wallet(op, mutated);
          expect({ op, path: path.join('.'), value, answer }).toMatchObject({ answer: { status: expect.not.stringMatching(/^INTERNAL_ERROR$/) } });
          expect(answer.httpStatus).toBeLessThan(500);
          expect(WALLET_STATUSES).toContain(answer.status);
        }
      }
    });

    it('answers a body that is not JSON, or not an object, as BAD_REQUEST (final)', async () => {
      for (const raw of ['not json', '', '[]', 'null', '"text"', '{"token":']) {
        expect(await wallet('debit', raw)).toMatchObject({ status: 'BAD_REQUEST', httpStatus: 400 });
      }
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

/** Every path to a leaf (a value that is not a plain object) of a body. */
function leafPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, item]) =>
    item && typeof item === 'object' && !Array.isArray(item) ? leafPaths(item as Record<string, unknown>, [...prefix, key]) : [[...prefix, key]],
  );
}

/** The body with the value at `path` replaced (created when absent). */
function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  let node = body;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return body;
}
