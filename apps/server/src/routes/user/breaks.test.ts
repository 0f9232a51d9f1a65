/**
 * A bettor's break and self-exclusion (issue 25, ADR 58) on PGlite and PostgreSQL, with the
 * suite's clock: starting one cancels the bettor's unmatched bets (their stake freed); while it is
 * in force bets, casino launches and stakes, deposits and an agent's chips are refused, and
 * statements and withdrawals still work; a break ends by itself; a self-exclusion needs the
 * password, cannot be asked to reopen before its term ends, and reopens 24 hours after the ask;
 * an agent's lock or unlock ends neither. Last, every call a bettor can make is walked as a
 * self-excluded bettor: each that moves money toward gambling is refused and nothing moves.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@exchange/contracts';
import { activityLog, casinoLaunchTokens, orders, paymentRequests } from '../../db/schema/index.ts';
import { accountOfUser } from '../../services/money/index.ts';
import { addMonthsUtc } from '../../services/safer-gambling/index.ts';
import { balanceOf, bettingCast, createMatchOdds, expectInvariants } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { useProviderStub } from '../../test/casino-provider-stub.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { nextUtr, onlineBettor } from '../../test/payments.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const provider = useProviderStub('breaks-wallet-secret', 'breaks-provider');

/**
 * Every call a bettor can make (auth 'user', no role), sorted in two. GATED: each moves money
 * toward gambling and must be refused during a break or self-exclusion; here with a body that
 * would pass its contract. MAY_CALL: reads, withdrawals, cancels, cash outs (a hedge only takes
 * risk off), settings and the safer-gambling controls themselves. A new bettor call in neither
 * list fails the walk until someone decides which it is.
 */
const GATED: Partial<Record<EndpointName, (market: number) => unknown>> = {
  placeMarketBet: (market) => ({ market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 100 }),
  placeFancyBet: (market) => ({ fancy_id: market, is_back: 1, run: 40, rate: 100, stake: 100 }),
  // A new price places a new bet (a smaller stake alone is, like a cancel, not betting).
  updateBet: () => ({ bet_id: 1, odds: 3 }),
  launchNewGame: () => ({ GameCode: 'imlive1001', type: '1' }),
  paymentDeposit: () => ({ method: 'UPI', amount: 500, utr: nextUtr(), client_ref: `walk-${nextUtr()}` }),
};
const MAY_CALL = new Set<EndpointName>([
  // The account, its settings and notices.
  'changePassword',
  'logout',
  'getUserBalance',
  'getButtonValue',
  'setButtonValue',
  'securityAuthSetup',
  'securityAuthEnable',
  'securityAuthDisable',
  'getProfile',
  'getActivityLog',
  'getNotices',
  'markNoticesSeen',
  'getNotifications',
  'markNotificationsRead',
  'getSettings',
  'updateSettings',
  // The catalog and market data: reading only.
  'getSports',
  'getSeriesHeader',
  'getSeries',
  'getMatches',
  'searchByMatchNameHeader',
  'getMatchDetail',
  'getCupsForMenu',
  'getMatchVenueListByCountryCodeSportId',
  'getLadder',
  'getPriceHistory',
  'getCasinoSport',
  'getCasinoGameList',
  'getCasinoResult',
  // Statements and bets: reading, and taking money out of play.
  'getExposureDetail',
  'getLiveCasinoBets',
  'getUserAccountStatementHistory',
  'getProfitLoss',
  'exportCsv',
  'getCurrentBets',
  'getSettledBets',
  'cancelBet',
  'cancelAllBets',
  'getCashOut',
  'cashOut',
  'setAutoCashOut',
  'clearAutoCashOut',
  // Payments: the money goes back to the bettor.
  'paymentGetMethods',
  'paymentWithdraw',
  'paymentGetPaymentStatement',
  // The safer-gambling controls: only ever tighter, or after a wait.
  'getSaferGambling',
  'setDepositLimit',
  'setLossLimit',
  'confirmLimit',
  'setRealityCheck',
  'takeBreak',
  'selfExclude',
  'askReopen',
]);

describeEachDatabase(
  'safer gambling: breaks and self-exclusion',
  (ctx) => {
    const cast = bettingCast(ctx);
    const { ok, call, refusal } = callsAs(ctx, () => cast.admin);
    let market: number;
    // The agent's own token, fresh for each test: the suite's clock runs months on, past any session.
    let agent: string;

    beforeAll(async () => {
      market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    });
    beforeEach(async () => {
      agent = await ctx().login('agent1');
    });
    /** The bettor's token after the clock moved on past its session. */
    const relogin = (userName: string) => ctx().login(userName, 'Pay@12345');

    const back = (token: string, odds: number, stake: number) =>
      call('placeMarketBet', { market_id: market, selection_id: 1, is_back: 1, odds, stake }, token);
    const restrictionOf = async (token: string) =>
      ((await ok('getSaferGambling', undefined, token)) as { restriction: unknown }).restriction;
    /** What the ledger holds for the user: balance and exposure, in paise. */
    const moneyOf = async (userId: number) => {
      const a = await accountOfUser(ctx().db, userId);
      return { balance: a.balancePaise, exposure: a.exposurePaise };
    };
    const rowsOf = async (userId: number) => ({
      orders: (await ctx().db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n,
      payments: (
        await ctx().db.select({ n: count() }).from(paymentRequests).where(eq(paymentRequests.userId, userId))
      )[0]!.n,
      launches: (
        await ctx()
          .db.select({ n: count() })
          .from(casinoLaunchTokens)
          .where(eq(casinoLaunchTokens.userId, userId))
      )[0]!.n,
    });
    const activityKinds = async (userId: number) =>
      (
        await ctx()
          .db.select({ kind: activityLog.kind })
          .from(activityLog)
          .where(eq(activityLog.userId, userId))
      ).map((r) => r.kind);

    it('cancels unmatched bets at once, refuses bets, casino, deposits and chips, keeps statements and withdrawals, and ends by itself', async () => {
      const bettor = await onlineBettor(ctx(), agent, 'break1', 10_000);
      // A casino game launched before the break: its token must not take a stake during it.
      expect(
        (await call('launchNewGame', { GameCode: 'imlive1001', type: '1' }, bettor.token)).statusCode,
      ).toBe(200);
      const walletToken = provider.stub.launches.at(-1)!.token;
      // A back of 1,000 at 5.0 rests unmatched: 1,000 of the 10,000 held.
      const resting = await back(bettor.token, 5, 1_000);
      expect(resting.statusCode).toBe(200);
      expect(await balanceOf(ctx(), bettor.token)).toMatchObject({
        liability: 1_000,
        available_balance: 9_000,
      });

      const taken = await ok('takeBreak', { days: 7 }, bettor.token);
      expect(taken).toMatchObject({ kind: 'BREAK', reopen_asked_at: null, reopens_at: null });
      expect(Date.parse(taken.ends_at) - Date.parse(taken.started_at)).toBe(7 * DAY);
      expect(await restrictionOf(bettor.token)).toEqual(taken);
      expect(await activityKinds(bettor.id)).toContain('BREAK_TAKEN');
      // The rest is cancelled and its stake free again.
      expect(await ok('getCurrentBets', { bet_type: 'unmatched' }, bettor.token)).toEqual([]);
      expect(await balanceOf(ctx(), bettor.token)).toMatchObject({ liability: 0, available_balance: 10_000 });

      const before = await moneyOf(bettor.id);
      const bet = await refusal(
        'placeMarketBet',
        { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 100 },
        bettor.token,
      );
      expect(bet).toMatchObject({ status: 403, code: 'ACCOUNT_ON_BREAK' });
      expect(bet.message).toMatch(/^You are on a break until \d{4}-\d\d-\d\d \d\d:\d\d IST/);
      expect((await refusal('launchNewGame', { GameCode: 'imlive1001', type: '1' }, bettor.token)).code).toBe(
        'ACCOUNT_ON_BREAK',
      );
      const deposit = await refusal(
        'paymentDeposit',
        { method: 'UPI', amount: 500, utr: nextUtr(), client_ref: `brk-${nextUtr()}` },
        bettor.token,
      );
      expect(deposit).toMatchObject({ status: 403, code: 'ACCOUNT_ON_BREAK' });
      // The provider's stake on the game launched before: refused in the wallet's own form.
      const debit = await ctx().app.casino.wallet.debit(
        {
          token: walletToken,
          userId: bettor.id,
          gameCode: 'imlive1001',
          transactionId: `brk-debit-${ctx().kind}`,
          roundId: '7001',
          amount: 100,
          maxPayout: 198,
          bet: {
            betId: 'brk-bet',
            option: 'playerA',
            optionName: 'Player A',
            odds: 1.98,
            stake: 100,
            gamename: 'TP T20',
          },
        },
        ctx().now(),
      );
      expect(debit.status).toBe('USER_BLOCKED');
      // The agent's chips: refused toward the bettor, taking some back still works.
      const chips = await refusal(
        'agentTransferChips',
        { user_id: bettor.id, amount: 100, direction: 'deposit', client_ref: `brk-chips-${ctx().kind}` },
        agent,
      );
      expect(chips).toMatchObject({ status: 403, code: 'ACCOUNT_ON_BREAK' });
      expect(chips.message).toMatch(/^This user is on a break until/);
      expect(await moneyOf(bettor.id)).toEqual(before);
      await ok(
        'agentTransferChips',
        { user_id: bettor.id, amount: 100, direction: 'withdraw', client_ref: `brk-back-${ctx().kind}` },
        agent,
      );
      // Statements, bets and withdrawals still work.
      await ok(
        'getUserAccountStatementHistory',
        { from_date: '2020-01-01', to_date: '2099-12-31', limit: 100 },
        bettor.token,
      );
      await ok('getCurrentBets', { bet_type: 'all' }, bettor.token);
      const withdrawal = await call(
        'paymentWithdraw',
        {
          method: 'UPI',
          account_name: 'Break One',
          upi_id: 'break1@okicici',
          amount: 1_000,
          client_ref: `brk-w-${ctx().kind}`,
        },
        bettor.token,
      );
      expect(withdrawal.statusCode, JSON.stringify(withdrawal.json)).toBe(200);
      expect(await balanceOf(ctx(), bettor.token)).toMatchObject({ available_balance: 10_000 - 100 - 1_000 });

      // A minute before its end it holds; at its end it is over, with nobody asked.
      ctx().advanceClock(Date.parse(taken.ends_at) - ctx().now().getTime() - 60_000);
      const later = await relogin('break1');
      expect((await back(later, 2, 100)).json.code).toBe('ACCOUNT_ON_BREAK');
      ctx().advanceClock(60_000);
      expect(await restrictionOf(later)).toBeNull();
      expect((await back(later, 2, 100)).statusCode).toBe(200);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('only lengthens: a shorter break is refused, a longer one or a self-exclusion replaces it, a break never replaces a self-exclusion', async () => {
      const bettor = await onlineBettor(ctx(), agent, 'break2', 1_000);
      const month = await ok('takeBreak', { days: 30 }, bettor.token);
      const shorter = await refusal('takeBreak', { days: 7 }, bettor.token);
      expect(shorter).toMatchObject({ status: 409, code: 'ACCOUNT_ON_BREAK' });
      expect(shorter.message).toMatch(/it can only be made longer/);
      expect(await restrictionOf(bettor.token)).toEqual(month);
      const longer = await ok('takeBreak', { days: 42 }, bettor.token);
      expect(Date.parse(longer.ends_at)).toBeGreaterThan(Date.parse(month.ends_at));
      const excluded = await ok('selfExclude', { months: 6, password: 'Pay@12345' }, bettor.token);
      expect(excluded).toMatchObject({ kind: 'SELF_EXCLUSION' });
      expect((await refusal('takeBreak', { days: 42 }, bettor.token)).code).toBe('SELF_EXCLUDED');
      expect(await restrictionOf(bettor.token)).toEqual(excluded);
    });

    it('self-excludes only with the password; reopens only when asked after the term, 24 hours after the ask; an agent ends neither', async () => {
      const bettor = await onlineBettor(ctx(), agent, 'exclude1', 2_000);
      const resting = await back(bettor.token, 6, 500);
      expect(resting.statusCode).toBe(200);

      const wrong = await refusal('selfExclude', { months: 12, password: 'Wrong@12345' }, bettor.token);
      expect(wrong).toMatchObject({ status: 400, code: 'WRONG_PASSWORD' });
      expect(await restrictionOf(bettor.token)).toBeNull();
      expect(await activityKinds(bettor.id)).not.toContain('SELF_EXCLUDED');
      expect((await balanceOf(ctx(), bettor.token)).liability).toBe(500);

      const excluded = await ok('selfExclude', { months: 12, password: 'Pay@12345' }, bettor.token);
      expect(excluded).toMatchObject({ kind: 'SELF_EXCLUSION', reopen_asked_at: null, reopens_at: null });
      expect(excluded.ends_at).toBe(addMonthsUtc(new Date(excluded.started_at), 12).toISOString());
      expect(await activityKinds(bettor.id)).toContain('SELF_EXCLUDED');
      expect(await balanceOf(ctx(), bettor.token)).toMatchObject({ liability: 0, available_balance: 2_000 });
      expect((await back(bettor.token, 2, 100)).json).toMatchObject({ status: false, code: 'SELF_EXCLUDED' });

      // The agent locks and unlocks the login and the betting: the exclusion is still there.
      const agentOk = (body: object) => ok('agentSetUserStatus', { user_id: bettor.id, ...body }, agent);
      await agentOk({ bet_locked: true });
      await agentOk({ bet_locked: false, login_locked: true });
      await agentOk({ login_locked: false });
      let token = await relogin('exclude1');
      expect(await restrictionOf(token)).toEqual(excluded);
      expect((await back(token, 2, 100)).json.code).toBe('SELF_EXCLUDED');

      // Asking before the term ends is refused, even a minute before.
      ctx().advanceClock(Date.parse(excluded.ends_at) - ctx().now().getTime() - 60_000);
      token = await relogin('exclude1');
      const early = await refusal('askReopen', {}, token);
      expect(early).toMatchObject({ status: 409, code: 'REOPEN_NOT_ALLOWED' });
      expect(early.message).toMatch(/cannot be ended early: you may ask to reopen from/);
      // The term over, nothing changes until the bettor asks.
      ctx().advanceClock(2 * DAY);
      token = await relogin('exclude1');
      expect((await back(token, 2, 100)).json.code).toBe('SELF_EXCLUDED');
      const asked = await ok('askReopen', {}, token);
      expect(Date.parse(asked.reopens_at) - Date.parse(asked.reopen_asked_at)).toBe(DAY);
      expect(await activityKinds(bettor.id)).toContain('REOPEN_ASKED');
      expect((await refusal('askReopen', {}, token)).code).toBe('REOPEN_NOT_ALLOWED');
      ctx().advanceClock(DAY - 60_000);
      token = await relogin('exclude1');
      expect((await back(token, 2, 100)).json.code).toBe('SELF_EXCLUDED');
      ctx().advanceClock(60_000);
      expect(await restrictionOf(token)).toBeNull();
      expect((await back(token, 2, 100)).statusCode).toBe(200);
      // Nothing left to reopen.
      expect((await refusal('askReopen', {}, token)).code).toBe('REOPEN_NOT_ALLOWED');
    });

    it('walks every call a bettor can make as a self-excluded bettor: each moving money toward gambling is refused, nothing moves', async () => {
      const bettorCalls = (Object.keys(endpoints) as EndpointName[]).filter(
        (name) => endpoints[name].auth === 'user' && !('role' in endpoints[name] && endpoints[name].role),
      );
      // Every bettor call is sorted, and both lists name only bettor calls.
      expect(bettorCalls.filter((name) => !(name in GATED) && !MAY_CALL.has(name))).toEqual([]);
      expect(
        [...Object.keys(GATED), ...MAY_CALL].filter((name) => !bettorCalls.includes(name as EndpointName)),
      ).toEqual([]);

      const bettor = await onlineBettor(ctx(), agent, 'exclude2', 3_000);
      await ok('selfExclude', { months: 6, password: 'Pay@12345' }, bettor.token);
      const money = await moneyOf(bettor.id);
      const rows = await rowsOf(bettor.id);
      for (const [name, body] of Object.entries(GATED) as [EndpointName, (m: number) => unknown][]) {
        const answer = await refusal(name, body(market), bettor.token);
        expect({ name, status: answer.status, code: answer.code }).toEqual({
          name,
          status: 403,
          code: 'SELF_EXCLUDED',
        });
      }
      expect(await moneyOf(bettor.id)).toEqual(money);
      expect(await rowsOf(bettor.id)).toEqual(rows);
      await expectInvariants(ctx().db, ctx().app.betting);
    });
  },
  { casino: provider.casino },
);
