/**
 * The bettor's notifications and settings (issue 23, ADR 51) on PGlite and PostgreSQL: what each
 * event tells (a bet matched, the taker's and the maker's; a rest lapsed at the in-play turn or
 * cancelled by the market, never by the bettor's own cancel; a market settled, won and lost, its
 * rollback and a void; a cash out, manual and automatic; chips moved; a deposit decided; a bet
 * voided), stored once per event; the list (pages, unread), marking read (own ids only, or all);
 * the settings (a kind switched off is not stored; the cash-out confirmation); and the push of
 * each to the user's socket.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, SPORT, type Notification } from '@exchange/contracts';
import { notifications } from '../../db/schema/index.ts';
import {
  createMarket,
  createMatchOdds,
  expectInvariants,
  firstMatchOf,
  newBettor,
} from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { nextUtr, onlineBettor } from '../../test/payments.ts';
import { watchedBetDelay } from '../../test/bet-delay.ts';

/** Polls `read` until `ok` holds of it (5 s at most), then gives what it read last. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const delay = watchedBetDelay();

type Told = Pick<Notification, 'kind' | 'title' | 'message' | 'amount'>;
const told = (n: Notification): Told => ({
  kind: n.kind,
  title: n.title,
  message: n.message,
  amount: n.amount,
});

describeEachDatabase(
  'notifications and the bettor settings',
  (ctx) => {
    let admin: string;
    let agent1: string;
    let matchId: number;
    let matchName: string;
    let n = 0;
    const sockets: LiveTestClient[] = [];
    const { ok, refusal } = callsAs(ctx, () => admin);

    /** Everything told so far is stored (the notifications follow the commits off their path). */
    const stored = () => ctx().app.notifications.idle();
    const page = async (token: string, body: Record<string, unknown> = { limit: 100 }) => {
      await stored();
      return ok('getNotifications', body, token);
    };
    /** The user's notifications, oldest first, but the chips that funded it. */
    const news = async (token: string): Promise<Told[]> =>
      ((await page(token)).rows as Notification[])
        .reverse()
        .filter((r) => r.kind !== 'CHIPS_MOVED')
        .map(told);
    const bettor = async (chips = 10_000) => newBettor(ctx(), agent1, `nbettor${++n}`, chips);
    const bet = (
      token: string,
      market: number,
      is_back: 0 | 1,
      odds: number,
      stake: number,
      persistence = 'PERSIST',
    ) =>
      ok('placeMarketBet', { market_id: market, selection_id: 1, is_back, odds, stake, persistence }, token);
    const where = () => `Match Odds (${matchName})`;

    beforeAll(async () => {
      admin = await ctx().login('admin');
      agent1 = await ctx().login('agent1');
      ({ matchId, matchName } = await firstMatchOf(ctx().db, SPORT.CRICKET, false));
    });

    afterAll(async () => {
      await Promise.all(sockets.map((s) => s.close()));
    });

    it('a bet matched: the taker (on placement) and the maker are told, in full or in part', async () => {
      const backer = await bettor();
      const layer = await bettor();
      const market = await createMatchOdds(ctx(), admin, matchId);
      await bet(layer.token, market, 0, 3, 250);
      await bet(backer.token, market, 1, 3, 100);
      expect(await news(backer.token)).toEqual([
        {
          kind: 'BET_MATCHED',
          title: 'Bet matched',
          message: `Back Home ₹100.00 at 3.00 on ${where()} matched in full at 3.00.`,
          amount: 100,
        },
      ]);
      expect(await news(layer.token)).toEqual([
        {
          kind: 'BET_MATCHED',
          title: 'Bet partly matched',
          message: `Lay Home ₹250.00 at 3.00 on ${where()}: ₹100.00 matched at 3.00, ₹150.00 unmatched.`,
          amount: 100,
        },
      ]);
      // The backer's next bet takes the rest: the maker is told again, in full now; a bet that
      // rests unmatched tells nothing.
      await bet(backer.token, market, 1, 3, 150);
      await bet(backer.token, market, 1, 8, 100);
      expect((await news(layer.token)).map((t) => [t.title, t.amount])).toEqual([
        ['Bet partly matched', 100],
        ['Bet matched', 250],
      ]);
      expect(await news(backer.token)).toHaveLength(2);
      const page1 = await page(backer.token);
      expect(page1.rows[0]).toMatchObject({ market_id: market, match_id: matchId, read: false });
      // A bookmaker bet is the house's, matched in full when accepted: decimal odds from its rate.
      const bookmaker = await createMarket(ctx(), admin, {
        match_id: matchId,
        kind: 'BOOKMAKER',
        market_type: 'BOOKMAKER',
        name: 'Bookmaker',
        runners: [{ name: 'Home' }, { name: 'Away' }],
      });
      await ok(
        'operatorSetBookmakerRates',
        { market_id: bookmaker, rates: [{ selection_id: 1, back_rate: 80, lay_rate: 85 }] },
        admin,
      );
      await ok(
        'placeMarketBet',
        { market_id: bookmaker, selection_id: 1, is_back: 1, odds: 80, stake: 200 },
        backer.token,
      );
      expect((await news(backer.token)).at(-1)).toEqual({
        kind: 'BET_MATCHED',
        title: 'Bet matched',
        message: `Back Home ₹200.00 at 1.80 on Bookmaker (${matchName}) matched in full at 1.80.`,
        amount: 200,
      });
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it("a LAPSE rest lapses at the in-play turn and a rest is cancelled when the market closes; the bettor's own cancels tell nothing", async () => {
      const { token } = await bettor();
      const market = await createMatchOdds(ctx(), admin, matchId);
      const own = await bet(token, market, 1, 6, 100);
      await ok('cancelBet', { bet_id: own.bet_id }, token);
      await bet(token, market, 1, 5, 100, 'LAPSE');
      const kept = await bet(token, market, 1, 4, 170, 'PERSIST');
      await bet(token, market, 1, 4.5, 120, 'PERSIST');
      await ok('updateBet', { bet_id: kept.bet_id, odds: 4.2 }, token);
      await ok('operatorSetMarketStatus', { market_id: market, status: 'OPEN', in_play: true }, admin);
      expect(await news(token)).toEqual([
        {
          kind: 'BET_LAPSED',
          title: 'Bet lapsed',
          message: `Back Home ₹100.00 at 5.00 on ${where()} lapsed unmatched: the market turned in play.`,
          amount: 100,
        },
      ]);
      await ok('operatorSetMarketStatus', { market_id: market, status: 'CLOSED' }, admin);
      // The edit to 4.20 is a new bet, after the one at 4.50.
      expect((await news(token)).slice(1)).toEqual([
        {
          kind: 'BET_CANCELLED',
          title: 'Bet cancelled',
          message: `Back Home ₹120.00 at 4.50 on ${where()} was cancelled unmatched: the market closed.`,
          amount: 120,
        },
        {
          kind: 'BET_CANCELLED',
          title: 'Bet cancelled',
          message: `Back Home ₹170.00 at 4.20 on ${where()} was cancelled unmatched: the market closed.`,
          amount: 170,
        },
      ]);
      // A non-runner: the unmatched bets on it are cancelled by the market.
      const race = await createMatchOdds(ctx(), admin, matchId);
      await ok(
        'placeMarketBet',
        { market_id: race, selection_id: 2, is_back: 1, odds: 3, stake: 100, persistence: 'PERSIST' },
        token,
      );
      await ok('operatorRemoveRunner', { market_id: race, selection_id: 2, reduction_factor: 0 }, admin);
      expect((await news(token)).at(-1)).toEqual({
        kind: 'BET_CANCELLED',
        title: 'Bet cancelled',
        message: `Back Away ₹100.00 at 3.00 on ${where()} was cancelled unmatched: a runner was withdrawn (non-runner).`,
        amount: 100,
      });
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('a market settled: the winner and the loser with their P&L; a rollback, a new result, a void', async () => {
      const backer = await bettor();
      const layer = await bettor();
      const market = await createMatchOdds(ctx(), admin, matchId);
      await bet(layer.token, market, 0, 3, 100);
      await bet(backer.token, market, 1, 3, 100);
      await ok('operatorDeclareResult', { market_id: market, winner_ids: [1] }, admin);
      const settled = (who: { token: string }) =>
        news(who.token).then((t) => t.filter((x) => x.kind !== 'BET_MATCHED'));
      expect(await settled(backer)).toEqual([
        {
          kind: 'MARKET_SETTLED',
          title: 'Market settled: you won',
          message: `${where()} settled, result: Home. You won ₹196.00 (after ₹4.00 commission).`,
          amount: 196,
        },
      ]);
      expect(await settled(layer)).toEqual([
        {
          kind: 'MARKET_SETTLED',
          title: 'Market settled: you lost',
          message: `${where()} settled, result: Home. You lost ₹200.00.`,
          amount: -200,
        },
      ]);
      await ok('operatorRollbackResult', { market_id: market }, admin);
      await ok('operatorDeclareResult', { market_id: market, winner_ids: [2] }, admin);
      expect((await settled(backer)).slice(1)).toEqual([
        {
          kind: 'MARKET_SETTLED',
          title: 'Result rolled back',
          message: `The result of ${where()} was rolled back: your result on it (you won ₹196.00) is undone until the market is settled again.`,
          amount: -196,
        },
        {
          kind: 'MARKET_SETTLED',
          title: 'Market settled: you lost',
          message: `${where()} settled, result: Away. You lost ₹100.00.`,
          amount: -100,
        },
      ]);

      // A voided market: every bettor on it is told, nothing won or lost.
      const other = await createMatchOdds(ctx(), admin, matchId);
      await bet(layer.token, other, 0, 2, 100);
      await bet(backer.token, other, 1, 2, 100);
      await ok('operatorVoidMarket', { market_id: other }, admin);
      expect((await settled(backer)).at(-1)).toEqual({
        kind: 'BET_VOIDED',
        title: 'Market voided',
        message: `${where()} was voided: your bets on it are void and their stakes are back in your balance.`,
        amount: 0,
      });
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('the operator voids a settled winning bet: its bettor is told, with the win taken back', async () => {
      const backer = await bettor();
      const layer = await bettor();
      const market = await createMatchOdds(ctx(), admin, matchId);
      await bet(layer.token, market, 0, 2.5, 100);
      const won = await bet(backer.token, market, 1, 2.5, 100);
      await ok('operatorDeclareResult', { market_id: market, winner_ids: [1] }, admin);
      await ok('operatorVoidBet', { bet_id: won.bet_id, reason: 'VPN' }, admin);
      expect((await news(backer.token)).at(-1)).toEqual({
        kind: 'BET_VOIDED',
        title: 'Bet voided',
        message: `Your bet #${won.bet_id} (Back Home ₹100.00 at 2.50) on ${where()} was voided: bets placed through a VPN are not allowed. ₹150.00 was taken back.`,
        amount: -150,
      });
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    /** A bettor backs Home 100 at 3.0 (Home +200, Away -100); the layer then offers to lay it back at `odds`. */
    const backedHome = async (odds: number, extra: Record<string, unknown> = {}) => {
      const backer = await bettor();
      const layer = await bettor();
      const market = await createMatchOdds(ctx(), admin, matchId, extra);
      await bet(layer.token, market, 0, 3, 100);
      await bet(backer.token, market, 1, 3, 100);
      const offer = await bet(layer.token, market, 1, odds, 1000);
      return { backer, layer, market, offer };
    };

    it('a manual cash out is told as such (its legs are not told as bets matched); the maker it met is told its bet matched', async () => {
      const { backer, layer, market } = await backedHome(2);
      await ok('cashOut', { market_id: market, client_ref: 'n-co-1' }, backer.token);
      expect((await news(backer.token)).at(-1)).toEqual({
        kind: 'CASH_OUT',
        title: 'Cashed out',
        message: `You cashed out ${where()}: ₹50.00 profit locked in whatever wins.`,
        amount: 50,
      });
      expect((await news(backer.token)).map((t) => t.kind)).toEqual(['BET_MATCHED', 'CASH_OUT']);
      expect((await news(layer.token)).at(-1)).toEqual({
        kind: 'BET_MATCHED',
        title: 'Bet partly matched',
        message: `Back Home ₹1,000.00 at 2.00 on ${where()}: ₹150.00 matched at 2.00, ₹850.00 unmatched.`,
        amount: 150,
      });
    });

    it('an automatic cash out fired is told', async () => {
      const { backer, layer, market, offer } = await backedHome(2.5);
      await ok('setAutoCashOut', { market_id: market, take_profit: 40 }, backer.token);
      await ok('cancelBet', { bet_id: offer.bet_id }, layer.token);
      await bet(layer.token, market, 1, 2, 1000);
      const last = await eventually(
        async () => (await news(backer.token)).at(-1),
        (t) => t?.kind === 'AUTO_CASH_OUT_FIRED',
      );
      expect(last).toEqual({
        kind: 'AUTO_CASH_OUT_FIRED',
        title: 'Automatic cash out done',
        message: `Your automatic cash out on ${where()} was placed: ₹50.00 profit locked in whatever wins.`,
        amount: 50,
      });
      await stored();
      expect((await news(backer.token)).map((t) => t.kind)).toEqual(['BET_MATCHED', 'AUTO_CASH_OUT_FIRED']);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('an automatic cash out that failed is told once, and when it fires later, that too', async () => {
      const { backer, layer, market } = await backedHome(2.5, { in_play: true, bet_delay_ms: 300 });
      await ok('setAutoCashOut', { market_id: market, take_profit: 40 }, backer.token);
      // The layer offers 2.0 (the value is 50); while the cash out waits its delay, the offer goes.
      const inDelay = delay.nextBetInDelay();
      const better = await bet(layer.token, market, 1, 2, 1000);
      await inDelay;
      await ok('cancelBet', { bet_id: better.bet_id }, layer.token);
      const failed = await eventually(
        async () => (await news(backer.token)).at(-1),
        (t) => t?.kind === 'AUTO_CASH_OUT_FAILED',
      );
      expect(failed).toEqual({
        kind: 'AUTO_CASH_OUT_FAILED',
        title: 'Automatic cash out not placed',
        message: `Your automatic cash out on ${where()} could not be placed: the prices moved before it could be placed. It stays set and is tried again while the value is at your target or limit.`,
        amount: null,
      });
      await bet(layer.token, market, 1, 2, 1000);
      await eventually(
        async () => (await news(backer.token)).at(-1),
        (t) => t?.kind === 'AUTO_CASH_OUT_FIRED',
      );
      expect((await news(backer.token)).map((t) => t.kind)).toEqual([
        'BET_MATCHED',
        'AUTO_CASH_OUT_FAILED',
        'AUTO_CASH_OUT_FIRED',
      ]);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('chips moved by the agent, both ways; a repeated transfer is told once', async () => {
      const { userId, token } = await bettor(1_000);
      const move = { user_id: userId, amount: 300.5, direction: 'withdraw', client_ref: 'n-chips-1' };
      await ok('agentTransferChips', move, agent1);
      await ok('agentTransferChips', move, agent1);
      const rows = ((await page(token)).rows as Notification[]).map(told);
      expect(rows).toEqual([
        {
          kind: 'CHIPS_MOVED',
          title: 'Chips withdrawn',
          message: 'agent1 withdrew ₹300.50 from your account.',
          amount: -300.5,
        },
        {
          kind: 'CHIPS_MOVED',
          title: 'Chips deposited',
          message: 'agent1 deposited ₹1,000.00 in your account.',
          amount: 1000,
        },
      ]);
    });

    it('a deposit approved and a withdrawal rejected are told with their amounts; a request made is not', async () => {
      const payer = await onlineBettor(ctx(), agent1, `npayer${++n}`, 1_000);
      const deposit = await ok(
        'paymentDeposit',
        { method: 'UPI', amount: 500, utr: nextUtr(), client_ref: 'n-dep-1' },
        payer.token,
      );
      const withdrawal = await ok(
        'paymentWithdraw',
        { method: 'UPI', account_name: 'Pay Er', upi_id: 'payer@okicici', amount: 250, client_ref: 'n-wd-1' },
        payer.token,
      );
      expect(
        (await page(payer.token)).rows.filter((r: Notification) => r.kind === 'PAYMENT_DECIDED'),
      ).toEqual([]);
      await ok('agentDecidePaymentRequest', { request_id: deposit.request_id, approve: true }, agent1);
      await ok(
        'agentDecidePaymentRequest',
        { request_id: withdrawal.request_id, approve: false, remark: 'Wrong UPI id' },
        agent1,
      );
      const rows = ((await page(payer.token)).rows as Notification[]).map(told);
      expect(rows.slice(0, 2)).toEqual([
        {
          kind: 'PAYMENT_DECIDED',
          title: 'Withdrawal rejected',
          message:
            'Your withdrawal of ₹250.00 was rejected: the amount is back in your balance. Remark: Wrong UPI id',
          amount: 250,
        },
        {
          kind: 'PAYMENT_DECIDED',
          title: 'Deposit approved',
          message: 'Your deposit of ₹500.00 was approved: it is in your balance.',
          amount: 500,
        },
      ]);
    });

    it("lists newest first a page at a time with the unread count; marks the caller's own read, by ids or all", async () => {
      const { userId, token } = await bettor(100);
      for (let i = 1; i <= 4; i++)
        await ok(
          'agentTransferChips',
          { user_id: userId, amount: i, direction: 'deposit', client_ref: `n-list-${i}` },
          agent1,
        );
      const first = await page(token, { page: 1, limit: 2 });
      expect(first).toMatchObject({ total: 5, unread: 5, page: 1, limit: 2 });
      expect(first.rows.map((r: Notification) => r.amount)).toEqual([4, 3]);
      const third = await page(token, { page: 3, limit: 2 });
      expect(third.rows.map((r: Notification) => r.amount)).toEqual([100]);
      expect(await ok('getNotifications', {}, token)).toMatchObject({ page: 1, limit: 20, total: 5 });

      // Another bettor's ids mark nothing of his, nor of the owner's.
      const other = await bettor(100);
      const theirs = (await page(other.token)).rows.map((r: Notification) => r.id);
      expect(await ok('markNotificationsRead', { ids: theirs }, token)).toEqual({ marked: 0, unread: 5 });
      expect((await page(other.token)).unread).toBe(1);

      const ids = first.rows.map((r: Notification) => r.id);
      expect(await ok('markNotificationsRead', { ids: [...ids, ...theirs] }, token)).toEqual({
        marked: 2,
        unread: 3,
      });
      expect(await ok('markNotificationsRead', { ids }, token)).toEqual({ marked: 0, unread: 3 });
      const after = await page(token, { page: 1, limit: 3 });
      expect(after.rows.map((r: Notification) => r.read)).toEqual([true, true, false]);
      expect(await ok('markNotificationsRead', {}, token)).toEqual({ marked: 3, unread: 0 });
      expect((await page(token)).unread).toBe(0);
      expect((await page(other.token)).unread).toBe(1);

      expect(await refusal('markNotificationsRead', { ids: [] }, token)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(await refusal('getNotifications', { limit: 101 }, token)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    });

    it('settings: the defaults; a kind switched off is not stored; the cash-out confirmation round-trips', async () => {
      const backer = await bettor();
      const layer = await bettor();
      // Every kind, in the contract's order.
      const all = NOTIFICATION_KINDS;
      expect(await ok('getSettings', undefined, backer.token)).toEqual({
        confirm_cash_out: true,
        notification_kinds: all,
      });
      expect(await ok('updateSettings', { confirm_cash_out: false }, backer.token)).toEqual({
        confirm_cash_out: false,
        notification_kinds: all,
      });
      const without = all.filter((k) => k !== 'BET_MATCHED');
      expect(
        await ok(
          'updateSettings',
          { notification_kinds: ['CHIPS_MOVED', ...without.slice(0, -1)] },
          backer.token,
        ),
      ).toEqual({ confirm_cash_out: false, notification_kinds: without });
      expect(await ok('getSettings', undefined, backer.token)).toEqual({
        confirm_cash_out: false,
        notification_kinds: without,
      });
      // Another bettor's settings are its own.
      expect(await ok('getSettings', undefined, layer.token)).toEqual({
        confirm_cash_out: true,
        notification_kinds: all,
      });

      const market = await createMatchOdds(ctx(), admin, matchId);
      await bet(layer.token, market, 0, 3, 100);
      await bet(backer.token, market, 1, 3, 100);
      await ok('operatorDeclareResult', { market_id: market, winner_ids: [2] }, admin);
      expect((await news(backer.token)).map((t) => t.kind)).toEqual(['MARKET_SETTLED']);
      expect((await news(layer.token)).map((t) => t.kind)).toEqual(['BET_MATCHED', 'MARKET_SETTLED']);
      // Switched back on, later events are stored again (those missed meanwhile are not).
      expect(
        await ok('updateSettings', { notification_kinds: all, confirm_cash_out: true }, backer.token),
      ).toEqual({
        confirm_cash_out: true,
        notification_kinds: all,
      });
      expect(await ok('updateSettings', {}, backer.token)).toEqual({
        confirm_cash_out: true,
        notification_kinds: all,
      });
      expect(
        await refusal('updateSettings', { notification_kinds: ['NOT_A_KIND'] }, backer.token),
      ).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    });

    it('an event told twice is stored once (the event key)', async () => {
      const { userId, token } = await bettor(100);
      const rows = await ctx()
        .db.select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'CHIPS_MOVED')));
      expect(rows).toHaveLength(1);
      // The agents' event again, as a retry would tell it.
      ctx().app.accountEvents.emit({
        userIds: [userId],
        change: {
          kind: 'chips',
          userId,
          transferId: Number(rows[0]!.eventKey.split(':')[1]),
          agentName: 'agent1',
          direction: 'deposit',
          amountPaise: 10_000,
        },
      });
      expect((await page(token)).total).toBe(1);
    });

    it("pushes each notification to the user's socket within a second of the commit", async () => {
      const origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const backer = await bettor();
      const layer = await bettor();
      const socket = await LiveTestClient.connect(origin, layer.token);
      sockets.push(socket);
      const market = await createMatchOdds(ctx(), admin, matchId);
      await bet(layer.token, market, 0, 3, 100);
      const from = socket.mark();
      const placed = Date.now();
      await bet(backer.token, market, 1, 3, 100);
      const pushed = await socket.next((m) => m.type === 'notification', { from, timeoutMs: 1_000 });
      expect(pushed.receivedAt - placed).toBeLessThan(1_000);
      expect(pushed).toMatchObject({
        type: 'notification',
        notification: {
          kind: 'BET_MATCHED',
          title: 'Bet matched',
          message: `Lay Home ₹100.00 at 3.00 on ${where()} matched in full at 3.00.`,
          market_id: market,
          match_id: matchId,
          amount: 100,
          read: false,
        },
      });
      // The same row the list shows; the backer's own is not pushed to the layer.
      const listed = (await page(layer.token)).rows[0];
      expect(pushed.type === 'notification' && pushed.notification).toEqual(listed);
      expect(socket.all('notification', from)).toHaveLength(1);
    });
  },
  { bettingOptions: { sleep: delay.sleep } },
);
