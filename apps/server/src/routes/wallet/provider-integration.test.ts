/**
 * The platform and the real casino provider (apps/casino-provider) over real HTTP: a launch, a
 * bet debited through the signed wallet, the round dealt and credited; then the failures of
 * casino.md made real by a proxy between them: a debit whose answer is lost, a debit that arrives
 * after its rollback, a debit repeated under its transaction id; and every refusal as the
 * provider meets it: a wrong secret, a clock far behind, a token the platform does not know or
 * ended at logout, a stake over the balance. The provider's clock is a fake one the test moves.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildProviderApp, FakeClock, isRetryable } from '@exchange/casino-provider';
import { CasinoResultPage, LiveCasinoBetsPage, DAY_MS, istDate } from '@exchange/contracts';
import { casinoSignature } from '@exchange/contracts/casino-signing';
import { casinoTransactions } from '../../db/schema/index.ts';
import type { CasinoConfig } from '../../services/casino/index.ts';
import { accountOfUser, checkLedger, transfer, worldAccount } from '../../services/money/index.ts';
import { findUserByName } from '../../services/users.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const SECRET = 'integration-secret';
const PROVIDER_ID = 'casino-provider';
const GAME = 'imlive1001';
const TIMINGS = { bettingMs: 20_000, revealMs: 3000, maxDealMs: 24_000, resultMs: 5000 };

/** One wallet call the proxy forwarded: what the provider sent and what the platform answered. */
interface Exchange {
  path: string;
  request: string;
  status: number;
  answer: string;
}

/** Between provider and platform: forwards wallet calls, and can lose, hold or replace the next debit's answer. */
class WalletProxy {
  target = '';
  url = '';
  /**
   * What happens to the next debit: its answer is dropped, it is held until released, or the
   * platform's answer is replaced by an INTERNAL_ERROR (the platform did process it).
   */
  nextDebit: 'drop-answer' | 'hold' | 'error-answer' | null = null;
  /**
   * A provider with a payout bug: the next credit asks for ₹1,000 more than the round paid,
   * re-signed with the shared secret (so only the platform's payout bound can catch it).
   */
  nextCredit: 'inflate' | null = null;
  held: { release: () => Promise<string> } | null = null;
  /** Every forwarded call, in order. */
  exchanges: Exchange[] = [];
  private server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = await new Promise<string>((resolve) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (data += c));
      req.on('end', () => resolve(data));
    });
    const inflate = req.url === '/api/wallet/credit' && this.nextCredit === 'inflate';
    if (inflate) this.nextCredit = null;
    const forward = async () => {
      const headers: Record<string, string> = {};
      for (const h of ['content-type', 'x-provider-id', 'x-timestamp', 'x-signature']) headers[h] = String(req.headers[h] ?? '');
      if (inflate) {
        const credit = JSON.parse(body) as { amount: number; result: { payout: number } };
        credit.amount = credit.result.payout = credit.amount + 1000;
        body = JSON.stringify(credit);
        const signing = { method: 'POST', path: req.url ?? '', providerId: headers['x-provider-id']!, timestamp: headers['x-timestamp']!, rawBody: body };
        headers['x-signature'] = casinoSignature(SECRET, signing);
      }
      const answer = await fetch(`${this.target}${req.url}`, { method: req.method, headers, body });
      const text = await answer.text();
      this.exchanges.push({ path: req.url ?? '', request: body, status: answer.status, answer: text });
      return { status: answer.status, text };
    };
    const fault = req.url === '/api/wallet/debit' ? this.nextDebit : null;
    if (fault) this.nextDebit = null;
    if (fault === 'hold') {
      // The provider gives up waiting (its timeout) and rolls back; the debit comes later.
      this.held = { release: async () => (await forward()).text };
      return;
    }
    const answer = await forward();
    if (fault === 'drop-answer') {
      req.socket.destroy();
      return;
    }
    if (fault === 'error-answer') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'INTERNAL_ERROR', message: 'Wallet error, retry later' }));
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.text);
  }
}

const proxy = new WalletProxy();
const clock = new FakeClock(Date.now());
const casino: Partial<CasinoConfig> = { walletSecret: SECRET, providerId: PROVIDER_ID };
let provider: ReturnType<typeof buildProviderApp>;
let providerUrl = '';

beforeAll(async () => {
  await proxy.start();
  // The provider's wallet calls go through the proxy (a 2 s timeout: longer counts as lost).
  provider = buildProviderApp({ platformUrl: proxy.url, providerId: PROVIDER_ID, secret: SECRET, clock, gameCodes: [GAME], timings: TIMINGS, chainLength: 200, walletTimeoutMs: 2000 });
  await provider.listen({ port: 0, host: '127.0.0.1' });
  providerUrl = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  casino.providerUrl = providerUrl;
});
afterAll(async () => {
  await provider.close();
  await proxy.stop();
});

/** A second provider on loopback, through the same proxy, with one thing wrong: its secret or its clock. */
async function otherProvider(opts: { secret: string; clock: FakeClock }) {
  const app = buildProviderApp({ platformUrl: proxy.url, providerId: PROVIDER_ID, secret: opts.secret, clock: opts.clock, gameCodes: [GAME], timings: TIMINGS, chainLength: 50, walletTimeoutMs: 2000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, clock: opts.clock, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** The game page's session for a launch token (`lt` of the game URL). */
async function openSession(url: string, lt: string): Promise<string> {
  const res = await fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lt, gameCode: GAME }) });
  const opened = (await res.json()) as { status: string; session: string };
  expect(opened.status).toBe('OK');
  return opened.session;
}

/** A player's seat at the TP T20 table of one provider. */
interface Seat {
  url: string;
  clock: FakeClock;
  session: string;
}

/** What the player's page gets back from POST /api/bet. */
interface BetAnswer {
  httpStatus: number;
  status: string;
  code?: string;
  message?: string;
  balance?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Moves the fake clock in small steps until `work` ends (the provider waits on it between debit attempts). */
async function advancing<T>(work: Promise<T>, fake: FakeClock, stepMs = 50): Promise<T> {
  let done = false;
  work.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    await sleep(20);
    if (!done) fake.advance(stepMs);
  }
  return work;
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface TableState {
  round: { roundId: string; phase: 'betting' | 'dealing' | 'result'; closesAt: number };
}

describeEachDatabase(
  'platform and casino provider over HTTP',
  (ctx) => {
    let session = '';

    beforeAll(async () => {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      proxy.target = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
      // demo1 opens TP T20 as the web app does: the platform's launch, then the page's session.
      session = (await launch('demo1')).session;
    });

    afterAll(async () => {
      // Nothing of this suite may reach the next suite's platform.
      await until(() => provider.services.outbox.pending().length === 0);
    });

    /**
     * Logs the user in and opens TP T20 on the real provider through the platform's launch;
     * walletToken is the token the platform gave the provider for its wallet calls.
     */
    async function launch(userName: string) {
      const platformToken = await ctx().login(userName);
      const launched = await ctx().call('launchNewGame', { GameCode: GAME, type: '1' }, platformToken);
      expect(launched.statusCode).toBe(200);
      const gameUrl = new URL(launched.json.data.GameUrl);
      expect(gameUrl.origin).toBe(providerUrl);
      const opened = await openSession(providerUrl, gameUrl.searchParams.get('lt')!);
      const granted = provider.services.sessions.get(opened)!;
      expect(granted).toMatchObject({ userName, userId: (await findUserByName(ctx().db, userName))!.id });
      return { session: opened, platformToken, walletToken: granted.token, userId: granted.userId };
    }
    /** Seats demo1 at another provider with a launch token of its own, made for the platform's token `walletToken`. */
    const seatAt = async (other: { app: ReturnType<typeof buildProviderApp>; url: string; clock: FakeClock }, walletToken: string): Promise<Seat> => {
      const userId = (await findUserByName(ctx().db, 'demo1'))!.id;
      const lt = other.app.services.sessions.grant({ token: walletToken, userId, userName: 'demo1', gameCode: GAME, type: 1, casinoButtons: [] });
      return { url: other.url, clock: other.clock, session: await openSession(other.url, lt) };
    };
    const demo1 = (): Seat => ({ url: providerUrl, clock, session });

    const balance = async (userName = 'demo1') => (await accountOfUser(ctx().db, (await findUserByName(ctx().db, userName))!.id)).balancePaise / 100;
    const state = async (seat = demo1()) => (await (await fetch(`${seat.url}/api/table/${GAME}/state`, { headers: { 'x-session': seat.session } })).json()) as TableState;
    /** Moves the provider's clock to a round that is taking bets for 5 s more at least. */
    const bettingRound = async (seat = demo1()) => {
      for (let i = 0; i < 20; i++) {
        const s = await state(seat);
        if (s.round.phase === 'betting' && s.round.closesAt - seat.clock.now() > 5000) return s.round;
        seat.clock.advance(5000);
      }
      throw new Error('no betting round');
    };
    const bet = async (roundId: string, stake: number, seat = demo1()): Promise<BetAnswer> => {
      const res = await fetch(`${seat.url}/api/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: seat.session, roundId, option: 'playerA', stake }),
      });
      return { httpStatus: res.status, ...((await res.json()) as Omit<BetAnswer, 'httpStatus'>) };
    };
    /** The debits the proxy forwarded since `from` (an index into its exchanges). */
    const debitsSince = (from: number) =>
      proxy.exchanges
        .slice(from)
        .filter((e) => e.path === '/api/wallet/debit')
        .map((e) => ({ ...e, body: JSON.parse(e.request) as { transactionId: string; amount: number }, json: JSON.parse(e.answer) as Record<string, unknown> }));
    const rowsById = (transactionId: string) =>
      ctx()
        .db.select()
        .from(casinoTransactions)
        .where(and(eq(casinoTransactions.providerId, PROVIDER_ID), eq(casinoTransactions.transactionId, transactionId)));
    const rowsOf = (debitId: string) =>
      ctx()
        .db.select()
        .from(casinoTransactions)
        .where(and(eq(casinoTransactions.providerId, PROVIDER_ID), eq(casinoTransactions.referenceTransactionId, debitId)));

    it('a bet is debited, the round deals and settles, the credit arrives once', async () => {
      const before = await balance();
      const { roundId, closesAt } = await bettingRound();
      expect(await bet(roundId, 100)).toMatchObject({ status: 'OK', balance: before - 100 });
      expect(await balance()).toBe(before - 100);
      // Betting closes, six cards are dealt, the result settles the round.
      clock.advance(closesAt - clock.now() + 6 * TIMINGS.revealMs + 1500);
      const creditOf = () => ctx().db.select().from(casinoTransactions).where(and(eq(casinoTransactions.kind, 'credit'), eq(casinoTransactions.roundId, roundId)));
      await until(async () => provider.services.outbox.pending().length === 0 && (await creditOf()).length === 1);
      const [credit] = await creditOf();
      expect(credit).toMatchObject({ status: 'OK', userId: (await findUserByName(ctx().db, 'demo1'))!.id });
      const payout = credit!.amountPaise / 100;
      expect(await balance()).toBe(before - 100 + payout);

      // The reports: the user's round with its result, and the game's round with its proof.
      const token = await ctx().login('demo1');
      const from = istDate(new Date(Date.now() - DAY_MS));
      const to = istDate(new Date(Date.now() + DAY_MS));
      const bets = LiveCasinoBetsPage.parse((await ctx().call('getLiveCasinoBets', { from_date: from, to_date: to }, token)).json.data);
      const mine = bets.rows.find((r) => r.round_id === roundId)!;
      expect(mine).toMatchObject({ status: 'settled', stake: 100, payout, pnl: payout - 100, gamename: 'TP T20' });
      expect(mine.cards).toHaveLength(6);
      const results = CasinoResultPage.parse((await ctx().call('getCasinoResult', { game_code: GAME }, token)).json.data);
      const round = results.rounds.find((r) => r.roundId === roundId)!;
      expect(round.cards).toEqual(mine.cards);
      expect(round.winner).toBe(mine.winner);
      expect(createHash('sha256').update(round.proof.serverSeed).digest('hex')).toBe(round.proof.hash);
      expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
    });

    it('a debit whose answer is lost is rolled back: the balance is as before', async () => {
      const before = await balance();
      const { roundId } = await bettingRound();
      proxy.nextDebit = 'drop-answer';
      const refused = await bet(roundId, 250);
      expect(refused).toMatchObject({ status: 'ERROR' });
      await until(() => provider.services.outbox.pending().length === 0);
      expect(await balance()).toBe(before);
      const [debit] = await ctx().db.select().from(casinoTransactions).where(and(eq(casinoTransactions.kind, 'debit'), eq(casinoTransactions.roundId, roundId), eq(casinoTransactions.amountPaise, 25_000)));
      expect(debit).toMatchObject({ status: 'OK', betState: 'rolled_back', returnedPaise: 25_000 });
      expect(await rowsOf(debit!.transactionId)).toEqual([expect.objectContaining({ kind: 'rollback', status: 'OK', marker: false })]);
      expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
    });

    it('a debit that arrives after its rollback is refused and moves nothing', async () => {
      const before = await balance();
      const { roundId } = await bettingRound();
      proxy.nextDebit = 'hold';
      // The provider waits 2 s for the debit's answer, gives up, and sends the rollback at once.
      expect(await bet(roundId, 300)).toMatchObject({ status: 'ERROR' });
      await until(() => provider.services.outbox.pending().length === 0);
      const [marker] = await ctx().db.select().from(casinoTransactions).where(and(eq(casinoTransactions.kind, 'rollback'), eq(casinoTransactions.roundId, roundId), eq(casinoTransactions.amountPaise, 30_000)));
      expect(marker).toMatchObject({ status: 'OK', marker: true, ledgerTransferId: null });
      const late = JSON.parse(await proxy.held!.release()) as { status: string };
      expect(late.status).toBe('TRANSACTION_ROLLED_BACK');
      expect(await balance()).toBe(before);
      expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
    });

    it('a debit repeated under its transaction id moves the money once: the retry gets the first answer', async () => {
      const before = await balance();
      const { roundId, closesAt } = await bettingRound();
      const from = proxy.exchanges.length;
      // The platform debits; the provider sees an INTERNAL_ERROR instead and retries the same debit.
      proxy.nextDebit = 'error-answer';
      expect(await advancing(bet(roundId, 200), clock)).toMatchObject({ httpStatus: 200, status: 'OK', balance: before - 200 });
      const [first, retry, ...more] = debitsSince(from);
      expect(more).toEqual([]);
      expect(retry!.body).toEqual(first!.body);
      expect(first!.json).toEqual({ status: 'OK', balance: before - 200, transactionId: first!.body.transactionId });
      expect(retry!.json).toEqual(first!.json);
      expect(await balance()).toBe(before - 200);
      expect(await rowsById(first!.body.transactionId)).toEqual([expect.objectContaining({ kind: 'debit', status: 'OK', amountPaise: 20_000, betState: 'open' })]);

      // The round settles: one credit for that one debit.
      clock.advance(closesAt - clock.now() + 6 * TIMINGS.revealMs + 1500);
      await until(async () => provider.services.outbox.pending().length === 0 && (await rowsOf(first!.body.transactionId)).length === 1);
      const [credit] = await rowsOf(first!.body.transactionId);
      expect(credit).toMatchObject({ kind: 'credit', status: 'OK' });
      expect(await balance()).toBe(before - 200 + credit!.amountPaise / 100);
      expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
    });

    it('a credit above the maximum payout stated at debit is refused: nothing moves, the provider parks it without retrying', async () => {
      const before = await balance();
      const { roundId, closesAt } = await bettingRound();
      const from = proxy.exchanges.length;
      expect(await bet(roundId, 10)).toMatchObject({ status: 'OK', balance: before - 10 });
      const [debit] = debitsSince(from);
      // Player A at 1.98: ₹10 can win back ₹19.80 at most, and the debit says so.
      expect(debit!.body).toMatchObject({ amount: 10, maxPayout: 19.8 });
      expect(await rowsById(debit!.body.transactionId)).toEqual([expect.objectContaining({ maxPayoutPaise: 1980, betState: 'open' })]);

      proxy.nextCredit = 'inflate';
      const failedBefore = provider.services.outbox.failed().length;
      clock.advance(closesAt - clock.now() + 6 * TIMINGS.revealMs + 1500);
      await until(() => provider.services.outbox.failed().length > failedBefore);
      const credits = proxy.exchanges.slice(from).filter((e) => e.path === '/api/wallet/credit');
      expect(credits).toHaveLength(1);
      expect(credits[0]).toMatchObject({ status: 200 });
      expect(JSON.parse(credits[0]!.answer)).toMatchObject({ status: 'PAYOUT_EXCEEDED', message: expect.stringContaining('maximum payout') });
      // Final: out of the pending queue, kept under failed for an operator, never sent again.
      expect(provider.services.outbox.pending()).toEqual([]);
      expect(provider.services.outbox.failed().at(-1)).toMatchObject({ op: 'credit', status: 'PAYOUT_EXCEEDED', attempts: 1, body: { referenceTransactionId: debit!.body.transactionId } });
      // Past the outbox's first back-off steps (1 s, 2 s): no retry is scheduled.
      clock.advance(5000);
      // An absence, so a wait: advance() runs a due retry at once, and the platform refuses such a
      // credit before any ledger write, so the proxy would log it within tens of ms; 200 ms is ample.
      await sleep(200);
      expect(proxy.exchanges.slice(from).filter((e) => e.path === '/api/wallet/credit')).toHaveLength(1);
      // The platform paid nothing; the bet waits open for a credit within its bound.
      expect(await balance()).toBe(before - 10);
      const [credit] = await rowsOf(debit!.body.transactionId);
      expect(credit).toMatchObject({ kind: 'credit', status: 'PAYOUT_EXCEEDED', ledgerTransferId: null });
      expect(await rowsById(debit!.body.transactionId)).toEqual([expect.objectContaining({ betState: 'open' })]);
      expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
    });

    it("the provider's wallet client gets a bad amount as INVALID_AMOUNT: an answer, final, not a lost call to retry", async () => {
      const before = await balance();
      // Refused before any round or token check: no need to move the provider's clock to a betting round.
      const { roundId } = (await state()).round;
      const { token, userId } = provider.services.sessions.get(session)!;
      const details = { betId: `huge-${ctx().kind}`, option: 'playerA', optionName: 'Player A', odds: 1.98, stake: 10, gamename: 'TP T20' };
      for (const amount of [1e308, 1e20, -1, 0, 0.001]) {
        const transactionId = `huge-${ctx().kind}-${amount}`;
        const result = await provider.services.wallet.call('debit', { transactionId, roundId, gameCode: GAME, token, userId, amount, maxPayout: 19.8, bet: details });
        expect({ amount, result }).toMatchObject({ amount, result: { kind: 'answer', answer: { status: 'INVALID_AMOUNT' } } });
        expect(isRetryable(result)).toBe(false);
        expect(await rowsById(transactionId)).toEqual([]);
      }
      expect(await balance()).toBe(before);
    });

    it("the provider's wallet client repeating a transaction id gets the first answer; another body under it is a duplicate", async () => {
      const before = await balance();
      const { roundId } = await bettingRound();
      const { token, userId } = provider.services.sessions.get(session)!;
      const transactionId = `direct-${ctx().kind}`;
      const details = { betId: transactionId, option: 'playerA', optionName: 'Player A', odds: 1.98, stake: 75, gamename: 'TP T20' };
      const debit = { transactionId, roundId, gameCode: GAME, token, userId, amount: 75, maxPayout: 148.5, bet: details };
      const first = await provider.services.wallet.call('debit', debit);
      expect(first).toEqual({ kind: 'answer', answer: { status: 'OK', balance: before - 75, transactionId } });
      expect(await provider.services.wallet.call('debit', debit)).toEqual(first);
      expect(await balance()).toBe(before - 75);
      const other = await provider.services.wallet.call('debit', { ...debit, amount: 80, bet: { ...details, stake: 80 } });
      expect(other).toMatchObject({ kind: 'answer', answer: { status: 'DUPLICATE_TRANSACTION', transactionId } });
      expect(await balance()).toBe(before - 75);
      expect(await rowsById(transactionId)).toHaveLength(1);

      // Undone the same way: the rollback, sent twice, returns the stake once.
      const rollback = { transactionId: `${transactionId}-r`, roundId, gameCode: GAME, token, userId, amount: 75, referenceTransactionId: transactionId, bet: details, reason: 'test' };
      const undone = await provider.services.wallet.call('rollback', rollback);
      expect(undone).toEqual({ kind: 'answer', answer: { status: 'OK', balance: before, transactionId: rollback.transactionId } });
      expect(await provider.services.wallet.call('rollback', rollback)).toEqual(undone);
      expect(await balance()).toBe(before);
      expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
    });

    it.each([
      {
        what: 'a provider with the wrong wallet secret: the platform answers INVALID_SIGNATURE, the player is told, nothing moves',
        secret: 'not-the-platform-secret',
        skewMs: 0,
        message: 'Bad signature',
      },
      {
        what: 'a provider whose clock is an hour behind: the platform refuses the old timestamp, nothing moves',
        secret: SECRET,
        skewMs: -3600_000,
        message: 'Timestamp too far from now',
      },
    ])('$what', async ({ secret, skewMs, message }) => {
      const other = await otherProvider({ secret, clock: new FakeClock(Date.now() + skewMs) });
      try {
        const seat = await seatAt(other, provider.services.sessions.get(session)!.token);
        const before = await balance();
        const { roundId } = await bettingRound(seat);
        const from = proxy.exchanges.length;
        const refused = await bet(roundId, 100, seat);
        expect(refused).toEqual({ httpStatus: 409, status: 'ERROR', code: 'INVALID_SIGNATURE', message: expect.stringContaining('cannot reach your wallet') });
        const [debit, ...more] = debitsSince(from);
        expect(more).toEqual([]);
        expect(debit).toMatchObject({ status: 200, json: { status: 'INVALID_SIGNATURE', message } });
        // Refused before anything was read: nothing recorded, nothing to roll back.
        expect(await rowsById(debit!.body.transactionId)).toEqual([]);
        expect(other.app.services.outbox.pending()).toEqual([]);
        expect(await balance()).toBe(before);
      } finally {
        await other.app.close();
      }
    });

    it('a bet with a token the platform does not know gets INVALID_TOKEN, the player is sent back to the casino', async () => {
      const before = await balance();
      const seat = await seatAt({ app: provider, url: providerUrl, clock }, 'not-a-platform-token');
      const { roundId } = await bettingRound(seat);
      const from = proxy.exchanges.length;
      expect(await bet(roundId, 100, seat)).toEqual({ httpStatus: 409, status: 'ERROR', code: 'INVALID_TOKEN', message: 'Your session has ended. Open the game again from the casino.' });
      const [debit, ...more] = debitsSince(from);
      expect(more).toEqual([]);
      expect(debit!.json).toEqual({ status: 'INVALID_TOKEN', transactionId: debit!.body.transactionId });
      expect(await rowsById(debit!.body.transactionId)).toEqual([]);
      expect(provider.services.outbox.pending()).toEqual([]);
      expect(await balance()).toBe(before);
    });

    it('a bet after the player logged out of the platform gets TOKEN_EXPIRED', async () => {
      const demo3 = await launch('demo3');
      const seat = { url: providerUrl, clock, session: demo3.session };
      const before = await balance('demo3');
      const providerBalance = async () => {
        const res = await fetch(`${providerUrl}/api/balance`, { headers: { 'x-session': seat.session } });
        return { httpStatus: res.status, ...((await res.json()) as object) };
      };
      expect(await providerBalance()).toEqual({ httpStatus: 200, status: 'OK', balance: before });
      expect((await ctx().call('logout', {}, demo3.platformToken)).statusCode).toBe(200);
      expect(await providerBalance()).toEqual({ httpStatus: 502, status: 'ERROR', message: 'Balance unavailable' });
      const { roundId } = await bettingRound(seat);
      const from = proxy.exchanges.length;
      expect(await bet(roundId, 100, seat)).toEqual({ httpStatus: 409, status: 'ERROR', code: 'TOKEN_EXPIRED', message: 'Your session has ended. Open the game again from the casino.' });
      const [debit] = debitsSince(from);
      expect(debit!.json).toEqual({ status: 'TOKEN_EXPIRED', transactionId: debit!.body.transactionId });
      expect(await rowsById(debit!.body.transactionId)).toEqual([expect.objectContaining({ kind: 'debit', status: 'TOKEN_EXPIRED', ledgerTransferId: null })]);
      expect(provider.services.outbox.pending()).toEqual([]);
      expect(await balance('demo3')).toBe(before);
    });

    it('a stake over the balance gets INSUFFICIENT_FUNDS: the player is told, nothing is debited', async () => {
      const demo3 = await launch('demo3');
      const seat = { url: providerUrl, clock, session: demo3.session };
      // demo3 gives back all but ₹50.
      const account = await accountOfUser(ctx().db, Number(demo3.userId));
      await transfer(ctx().db, { idempotencyKey: `test:drain-demo3`, debitAccountId: account.id, creditAccountId: (await worldAccount(ctx().db)).id, amountPaise: account.balancePaise - 5000, reason: 'WITHDRAW', remark: 'test' }, ctx().now());
      expect(await balance('demo3')).toBe(50);
      const { roundId } = await bettingRound(seat);
      const from = proxy.exchanges.length;
      expect(await bet(roundId, 100, seat)).toEqual({ httpStatus: 409, status: 'ERROR', code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' });
      const [debit, ...more] = debitsSince(from);
      expect(more).toEqual([]);
      expect(debit!.json).toEqual({ status: 'INSUFFICIENT_FUNDS', balance: 50, transactionId: debit!.body.transactionId });
      expect(await rowsById(debit!.body.transactionId)).toEqual([expect.objectContaining({ kind: 'debit', status: 'INSUFFICIENT_FUNDS', ledgerTransferId: null, betState: null })]);
      // A final refusal: no rollback follows.
      expect(provider.services.outbox.pending()).toEqual([]);
      expect(await rowsOf(debit!.body.transactionId)).toEqual([]);
      expect(await balance('demo3')).toBe(50);
      expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
    });
  },
  // The platform reads the provider's fake clock: moving it never takes the two apart, whatever
  // the suites before did (the signature's timestamp must stay within 300 s of the platform's now).
  { casino, clock: () => new Date(clock.now()) },
);
