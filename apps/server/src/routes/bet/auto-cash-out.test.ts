/**
 * Automatic cash out (issue 23, ADR 49) on PGlite and PostgreSQL: a rule kept on the server fires
 * once when another bettor's orders move the value through its bound, with no call of the
 * bettor's; a loss limit already reached fires at once; a manual cash out clears the rule; an
 * attempt the book moved away from during the bet delay places nothing and keeps the rule; the
 * rule survives a restart; two processes on one database fire it once.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpoints, SPORT, type EndpointName } from '@exchange/contracts';
import { buildApp } from '../../app.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.ts';
import { cashOuts } from '../../db/schema/index.ts';
import type { AutoCashOutEvent } from '../../services/betting/auto-cash-outs.ts';
import { createMatchOdds, expectInvariants, firstMatchOf, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';
import { watchedBetDelay } from '../../test/bet-delay.ts';

/** Polls `read` until it gives `expected` (5 s at most). */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected) || Date.now() > until)
      return void expect(value).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const delay = watchedBetDelay();

describeEachDatabase(
  'automatic cash out',
  (ctx) => {
    let admin: string;
    let agent1: string;
    let matchId: number;
    let n = 0;
    const events: AutoCashOutEvent[] = [];
    const { ok, refusal } = callsAs(ctx, () => admin);
    const bet = (token: string, market: number, is_back: 0 | 1, odds: number, stake: number) =>
      ok(
        'placeMarketBet',
        { market_id: market, selection_id: 1, is_back, odds, stake, persistence: 'PERSIST' },
        token,
      );
    const positions = async (token: string, market: number) =>
      (await ok('getMatchDetail', { match_id: matchId }, token)).markets
        .find((m: { market_id: number }) => m.market_id === market)
        .runners.map((r: { position: number }) => r.position);
    const cashOutsOf = async (market: number) =>
      (await ctx().db.select().from(cashOuts).where(eq(cashOuts.marketId, market))).length;

    /** A bettor backs Home 100 at 3.0 (Home +200, Away -100); the layer offers to lay it back at `odds`. */
    const backedHome = async (odds: number, extra: Record<string, unknown> = {}) => {
      n++;
      const { token: bettor, userId } = await newBettor(ctx(), agent1, `acbettor${n}`, 10_000);
      const { token: layer } = await newBettor(ctx(), agent1, `aclayer${n}`, 10_000);
      const market = await createMatchOdds(ctx(), admin, matchId, extra);
      await bet(layer, market, 0, 3, 100);
      await bet(bettor, market, 1, 3, 100);
      const offer = await bet(layer, market, 1, odds, 1000);
      return { bettor, userId, layer, market, offer };
    };

    beforeAll(async () => {
      admin = await ctx().login('admin');
      agent1 = await ctx().login('agent1');
      ({ matchId } = await firstMatchOf(ctx().db, SPORT.CRICKET, false));
      ctx().app.betting.onAutoCashOut((event) => events.push(event));
    });

    it("fires once when another bettor's orders move the value to the profit target: every runner then +50", async () => {
      // Laying Home back at 2.5 is worth +20 now; the target is 40.
      const { bettor, userId, layer, market, offer } = await backedHome(2.5);
      const set = await ok('setAutoCashOut', { market_id: market, take_profit: 40 }, bettor);
      expect(set).toMatchObject({
        market_id: market,
        take_profit: 40,
        stop_loss: null,
        quote: { value: 20, auto_cash_out: { take_profit: 40, stop_loss: null } },
      });
      expect((await ok('getCashOut', { market_id: market }, bettor)).auto_cash_out).toEqual({
        take_profit: 40,
        stop_loss: null,
      });
      expect(await positions(bettor, market)).toEqual([200, -100]);

      // The layer's offer moves to 2.0: the value is 50, past the target.
      await ok('cancelBet', { bet_id: offer.bet_id }, layer);
      await bet(layer, market, 1, 2, 1000);
      await eventually(() => positions(bettor, market), [50, 50]);
      await eventually(() => cashOutsOf(market), 1);
      // The event follows the commit (the bettor's notification).
      await eventually(
        async () =>
          events
            .filter((e) => e.marketId === market)
            .map((e) => [e.userId, e.cashOut?.origin, e.cashOut?.value, e.error]),
        [[userId, 'AUTO', 50, null]],
      );
      // Gone with it; the next change does nothing more.
      expect((await ok('getCashOut', { market_id: market }, bettor)).auto_cash_out).toBeNull();
      await bet(layer, market, 1, 1.9, 100);
      expect(await cashOutsOf(market)).toBe(1);
      const legs = await ok('getCurrentBets', { bet_type: 'all', match_id: matchId }, bettor);
      expect(
        legs.filter(
          (b: { market_id: number; cash_out: string | null }) =>
            b.market_id === market && b.cash_out === 'AUTO',
        ),
      ).toHaveLength(1);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('fires at once when the loss limit is already reached, and a manual cash out clears a rule', async () => {
      // Laying Home back at 4.0: 300 / 4 = 75, worth -25; the loss limit is 20.
      const first = await backedHome(4);
      await ok('setAutoCashOut', { market_id: first.market, stop_loss: 20 }, first.bettor);
      await eventually(() => positions(first.bettor, first.market), [-25, -25]);

      const second = await backedHome(2.5);
      await ok(
        'setAutoCashOut',
        { market_id: second.market, take_profit: 100, stop_loss: 90 },
        second.bettor,
      );
      await ok('cashOut', { market_id: second.market, client_ref: 'manual-1' }, second.bettor);
      expect((await ok('getCashOut', { market_id: second.market }, second.bettor)).auto_cash_out).toBeNull();
      expect(await ok('clearAutoCashOut', { market_id: second.market }, second.bettor)).toEqual({
        market_id: second.market,
        cleared: false,
      });
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('clears a rule, refuses a market with nothing to cash out and a rule without a bound', async () => {
      const { bettor, layer, market, offer } = await backedHome(2.5);
      await ok('setAutoCashOut', { market_id: market, take_profit: 40 }, bettor);
      expect(await ok('clearAutoCashOut', { market_id: market }, bettor)).toEqual({
        market_id: market,
        cleared: true,
      });
      await ok('cancelBet', { bet_id: offer.bet_id }, layer);
      await bet(layer, market, 1, 2, 1000);
      expect(await positions(bettor, market)).toEqual([200, -100]);
      const { token: nobody } = await newBettor(ctx(), agent1, `acnobody${n}`, 1_000);
      expect(await refusal('setAutoCashOut', { market_id: market, take_profit: 40 }, nobody)).toEqual({
        status: 400,
        code: 'CASH_OUT_UNAVAILABLE',
        message: 'Nothing to cash out: you have no position on this market, or it is already even',
      });
      expect(await refusal('setAutoCashOut', { market_id: market }, bettor)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(await refusal('setAutoCashOut', { market_id: market, stop_loss: -5 }, bettor)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    });

    it('in play: an attempt the book moved away from during the delay places nothing and keeps the rule, which fires later', async () => {
      const { bettor, userId, layer, market } = await backedHome(2.5, { in_play: true, bet_delay_ms: 300 });
      await ok('setAutoCashOut', { market_id: market, take_profit: 40 }, bettor);
      // The layer offers 2.0 too: the value is 50; while the cash out waits its delay, the offer goes.
      const inDelay = delay.nextBetInDelay();
      const better = await bet(layer, market, 1, 2, 1000);
      await inDelay;
      await ok('cancelBet', { bet_id: better.bet_id }, layer);
      await eventually(
        async () => events.filter((e) => e.marketId === market).map((e) => e.error?.code),
        ['CASH_OUT_PRICE_MOVED'],
      );
      expect(await positions(bettor, market)).toEqual([200, -100]);
      expect((await ok('getCashOut', { market_id: market }, bettor)).auto_cash_out).toEqual({
        take_profit: 40,
        stop_loss: null,
      });
      // The offer comes back: it fires.
      await bet(layer, market, 1, 2, 1000);
      await eventually(() => positions(bettor, market), [50, 50]);
      await eventually(
        async () =>
          events
            .filter((e) => e.marketId === market)
            .map((e) => [e.userId, e.cashOut?.value ?? e.error?.code]),
        [
          [userId, 'CASH_OUT_PRICE_MOVED'],
          [userId, 50],
        ],
      );
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('survives a restart: the rule comes back with its market and fires', async () => {
      const { bettor, layer, market, offer } = await backedHome(2.5);
      await ok('setAutoCashOut', { market_id: market, take_profit: 40 }, bettor);
      ctx().app.betting.forgetAll();
      await ok('cancelBet', { bet_id: offer.bet_id }, layer);
      await bet(layer, market, 1, 2, 1000);
      await eventually(() => positions(bettor, market), [50, 50]);
    });

    describe2Processes(() => ({ ctx: ctx(), admin, agent1, matchId }));
  },
  { bettingOptions: { sleep: delay.sleep } },
);

/**
 * PostgreSQL: two processes (apps with their own memory) on one database. The rule is set
 * through one; both then commit changes that take the value past the target at once: the
 * cash out happens once.
 */
function describe2Processes(get: () => { ctx: TestContext; admin: string; agent1: string; matchId: number }) {
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const h of handles) await h.close();
  });
  it('fires once with two processes on one database (PostgreSQL)', async () => {
    const { ctx, admin, agent1, matchId } = get();
    if (ctx.kind !== 'postgres') return;
    const [row] = await queryRows<{ db: string }>(ctx.db, sql`select current_database() as db`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.db}`;
    for (let i = 0; i < 2; i++) {
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
      handles.push(handle);
      const app = buildApp({
        db: handle.db,
        clock: ctx.now,
        checkResponses: true,
        logger: { level: 'error' },
      });
      await app.ready();
      apps.push(app);
    }
    const fired: AutoCashOutEvent[] = [];
    for (const app of apps) app.betting.onAutoCashOut((e) => fired.push(e));
    const call = async (app: FastifyInstance, name: EndpointName, body: unknown, token: string) => {
      const e = endpoints[name];
      const res = await app.inject({
        method: e.method,
        url: `/api/${e.path}`,
        payload: body as object,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const bettor = await newBettor(ctx, agent1, 'ac2bettor', 10_000);
    const layerA = await newBettor(ctx, agent1, 'ac2layera', 10_000);
    const layerB = await newBettor(ctx, agent1, 'ac2layerb', 10_000);
    const market = await createMatchOdds(ctx, admin, matchId);
    const place = (app: FastifyInstance, token: string, is_back: 0 | 1, odds: number, stake: number) =>
      call(
        app,
        'placeMarketBet',
        { market_id: market, selection_id: 1, is_back, odds, stake, persistence: 'PERSIST' },
        token,
      );
    await place(a, layerA.token, 0, 3, 100);
    await place(a, bettor.token, 1, 3, 100);
    await place(b, layerB.token, 1, 2.5, 1000);
    await call(a, 'setAutoCashOut', { market_id: market, take_profit: 40 }, bettor.token);
    // Both layers offer 2.0 at once, one through each process: each commit looks at the rule.
    await Promise.all([place(a, layerA.token, 1, 2, 1000), place(b, layerB.token, 1, 2, 1000)]);
    const positions = async () =>
      (await call(b, 'getMatchDetail', { match_id: matchId }, bettor.token)).markets
        .find((m: { market_id: number }) => m.market_id === market)
        .runners.map((r: { position: number }) => r.position);
    await eventually(positions, [50, 50]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await ctx.db.select().from(cashOuts).where(eq(cashOuts.marketId, market))).length).toBe(1);
    expect(fired.filter((e) => e.marketId === market && e.cashOut)).toHaveLength(1);
    expect(await positions()).toEqual([50, 50]);
  });
}
