/**
 * The platform and the real casino provider (apps/casino-provider) over real HTTP: a launch, a
 * bet debited through the signed wallet, the round dealt and credited; then the two failures of
 * casino.md made real by a proxy between them: a debit whose answer is lost, and a debit that
 * arrives after its rollback. The provider's clock is a fake one the test moves.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildProviderApp, FakeClock } from '@exchange/casino-provider';
import { CasinoResultPage, LiveCasinoBetsPage } from '@exchange/contracts';
import { casinoTransactions } from '../../db/schema/index.ts';
import { DAY_MS, istDate } from '../../lib/time.ts';
import type { CasinoConfig } from '../../services/casino/config.ts';
import { accountOfUser, checkLedger } from '../../services/ledger.ts';
import { findUserByName } from '../../services/users.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const SECRET = 'integration-secret';
const PROVIDER_ID = 'casino-provider';
const GAME = 'imlive1001';
const TIMINGS = { bettingMs: 20_000, revealMs: 3000, maxDealMs: 24_000, resultMs: 5000 };

/** Between provider and platform: forwards wallet calls, and can lose or hold the next debit. */
class WalletProxy {
  target = '';
  url = '';
  /** What happens to the next debit: its answer is dropped, or it is held until released. */
  nextDebit: 'drop-answer' | 'hold' | null = null;
  held: { release: () => Promise<string> } | null = null;
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
    const body = await new Promise<string>((resolve) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (data += c));
      req.on('end', () => resolve(data));
    });
    const forward = async () => {
      const headers: Record<string, string> = {};
      for (const h of ['content-type', 'x-provider-id', 'x-timestamp', 'x-signature']) headers[h] = String(req.headers[h] ?? '');
      const answer = await fetch(`${this.target}${req.url}`, { method: req.method, headers, body });
      return { status: answer.status, text: await answer.text() };
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
      const token = await ctx().login('demo1');
      const launched = await ctx().call('launchNewGame', { GameCode: GAME, type: '1' }, token);
      expect(launched.statusCode).toBe(200);
      const gameUrl = new URL(launched.json.data.GameUrl);
      expect(gameUrl.origin).toBe(providerUrl);
      const res = await fetch(`${providerUrl}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lt: gameUrl.searchParams.get('lt'), gameCode: GAME }),
      });
      const opened = (await res.json()) as { status: string; session: string; userName: string };
      expect(opened).toMatchObject({ status: 'OK', userName: 'demo1' });
      session = opened.session;
    });

    afterAll(async () => {
      // Nothing of this suite may reach the next suite's platform.
      await until(() => provider.services.outbox.pending().length === 0);
    });

    const balance = async () => (await accountOfUser(ctx().db, (await findUserByName(ctx().db, 'demo1'))!.id)).balancePaise / 100;
    const state = async () => (await (await fetch(`${providerUrl}/api/table/${GAME}/state`, { headers: { 'x-session': session } })).json()) as TableState;
    /** Moves the provider's clock to a round that is taking bets for 5 s more at least. */
    const bettingRound = async () => {
      for (let i = 0; i < 20; i++) {
        const s = await state();
        if (s.round.phase === 'betting' && s.round.closesAt - clock.now() > 5000) return s.round;
        clock.advance(5000);
      }
      throw new Error('no betting round');
    };
    const bet = async (roundId: string, stake: number) => {
      const res = await fetch(`${providerUrl}/api/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, roundId, option: 'playerA', stake }),
      });
      return (await res.json()) as { status: string; message?: string; balance?: number };
    };
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
  },
  { casino },
);
