/**
 * bet/cashOut (issue 23, ADR 49) on PGlite and PostgreSQL: the hedge placed as the quote said,
 * every outcome then worth the same; a repeat answers the first cash out; a book that moved below
 * min_value places nothing (CASH_OUT_PRICE_MOVED with the new quote), also when it moves during
 * the in-play bet delay; the caller's unmatched bets on the market go with it; no cash out on a
 * suspended or ball-running market.
 */
import { beforeAll, expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { balanceOf, createMatchOdds, expectInvariants, firstMatchOf, newBettor, statementRows } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { watchedBetDelay } from '../../test/bet-delay.ts';

const delay = watchedBetDelay();

describeEachDatabase(
  'cash out',
  (ctx) => {
    let admin: string;
    let agent1: string;
    let matchId: number;
    let n = 0;
    const { ok, refusal, call } = callsAs(ctx, () => admin);
    const bet = (
      token: string,
      market: number,
      selection_id: number,
      is_back: 0 | 1,
      odds: number,
      stake: number,
    ) =>
      ok(
        'placeMarketBet',
        { market_id: market, selection_id, is_back, odds, stake, persistence: 'PERSIST' },
        token,
      );
    const pnl = async (token: string, market: number) =>
      (await ok('getMatchDetail', { match_id: matchId }, token)).markets
        .find((m: { market_id: number }) => m.market_id === market)
        .runners.map((r: { position: number }) => r.position);

    /**
     * A bettor backs Home 100 at 3.0 against a layer (Home +200, Away -100); then the layer's
     * back of 1,000 at 2.0 on Home is what the bettor can lay Home at: the design note's example,
     * a lay of 150 at 2.0 and +50 whatever wins.
     */
    const backedHome = async (extra: Record<string, unknown> = {}) => {
      n++;
      const { token: bettor } = await newBettor(ctx(), agent1, `cobettor${n}`, 10_000);
      const { token: layer } = await newBettor(ctx(), agent1, `colayer${n}`, 10_000);
      const market = await createMatchOdds(ctx(), admin, matchId, extra);
      await bet(layer, market, 1, 0, 3, 100);
      await bet(bettor, market, 1, 1, 3, 100);
      const offer = await bet(layer, market, 1, 1, 2, 1000);
      return { bettor, layer, market, offer };
    };

    beforeAll(async () => {
      admin = await ctx().login('admin');
      agent1 = await ctx().login('agent1');
      ({ matchId } = await firstMatchOf(ctx().db, SPORT.CRICKET, false));
    });

    it('places the quoted hedge: a lay of 150 at 2.0, +50 on every runner, the exposure gone; a repeat answers the first', async () => {
      const { bettor, layer, market } = await backedHome();
      const before = await balanceOf(ctx(), bettor);
      expect(before.liability).toBe(100);
      const quote = await ok('getCashOut', { market_id: market }, bettor);
      expect(quote.value).toBe(50);

      const done = await ok(
        'cashOut',
        { market_id: market, min_value: quote.value, client_ref: 'co-1' },
        bettor,
      );
      expect(done).toEqual({
        cash_out_id: expect.any(Number),
        market_id: market,
        fraction: 1,
        origin: 'MANUAL',
        value: 50,
        pnl_after: [
          { selection_id: 1, pnl: 50 },
          { selection_id: 2, pnl: 50 },
        ],
        bets: [{ bet_id: expect.any(Number), selection_id: 1, side: 'LAY', odds: 2, stake: 150 }],
        cancelled_bet_ids: [],
        balance: { ...before, liability: 0, available_balance: before.total_balance },
      });
      expect(await pnl(bettor, market)).toEqual([50, 50]);
      expect(await balanceOf(ctx(), bettor)).toEqual(done.balance);
      // The layer's back of 1,000 at 2.0 matched 150 of it: its position moved as the bettor's hedge.
      expect(await pnl(layer, market)).toEqual([-200 + 150, 100 - 150]);
      // Nothing left to cash out; the same client_ref answers the first cash out and places nothing.
      expect((await ok('getCashOut', { market_id: market }, bettor)).reason).toBe('NOTHING_TO_CASH_OUT');
      expect(await ok('cashOut', { market_id: market, client_ref: 'co-1' }, bettor)).toEqual(done);
      // Current Bets mark the leg as a cash out; the statement's line for the market says so.
      const current = await ok('getCurrentBets', { bet_type: 'all', match_id: matchId }, bettor);
      expect(current.filter((b: { market_id: number }) => b.market_id === market).map((b: { side: string; cash_out: string | null }) => [b.side, b.cash_out])).toEqual([
        ['LAY', 'MANUAL'],
        ['BACK', null],
      ]);
      await ok('operatorDeclareResult', { market_id: market, winner_ids: [2] }, admin);
      const lines = (await statementRows(ctx(), bettor)).filter((r) => r.remark.startsWith('Cricket /'));
      expect(lines.map((r) => r.remark.split(' — ')[1])).toEqual(['commission', 'won (cashed out)']);
      // +50 won, less the market's commission on it.
      expect(lines[1]!.credit).toBe(50);
      expect(lines[0]!.debit).toBeGreaterThan(0);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('cashes out a fraction: half of it, each outcome half way (+125 / -25)', async () => {
      const { bettor, market } = await backedHome();
      const done = await ok('cashOut', { market_id: market, fraction: 0.5, client_ref: 'co-half' }, bettor);
      expect(done.bets).toEqual([
        { bet_id: expect.any(Number), selection_id: 1, side: 'LAY', odds: 2, stake: 75 },
      ]);
      expect(await pnl(bettor, market)).toEqual([125, -25]);
      expect(done.value).toBe(-25);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('places nothing when the book moved below min_value, and answers the new quote', async () => {
      const { bettor, layer, market, offer } = await backedHome();
      const quote = await ok('getCashOut', { market_id: market }, bettor);
      // The layer's offer moves from 2.0 to 2.5: the lay now costs more, the value falls.
      await ok('cancelBet', { bet_id: offer.bet_id }, layer);
      await bet(layer, market, 1, 1, 2.5, 1000);
      const balance = await balanceOf(ctx(), bettor);

      const moved = await call(
        'cashOut',
        { market_id: market, min_value: quote.value, client_ref: 'co-moved' },
        bettor,
      );
      expect(moved.statusCode).toBe(400);
      expect(moved.json).toMatchObject({ status: false, code: 'CASH_OUT_PRICE_MOVED' });
      // Lay 300 / 2.5 = 120 at 2.5: +20 whatever wins.
      expect(moved.json.data).toMatchObject({
        available: true,
        value: 20,
        legs: [{ side: 'LAY', odds: 2.5, stake: 120 }],
      });
      expect(moved.json.message).toBe(
        'The prices moved: cash out is now worth ₹20, below what you asked. Nothing was placed.',
      );
      expect(await balanceOf(ctx(), bettor)).toEqual(balance);
      expect(await pnl(bettor, market)).toEqual([200, -100]);
      // The new value, accepted, is placed.
      const done = await ok(
        'cashOut',
        { market_id: market, min_value: 20, client_ref: 'co-moved-2' },
        bettor,
      );
      expect(done.value).toBe(20);
      expect(await pnl(bettor, market)).toEqual([20, 20]);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it("cancels the caller's unmatched bets on the market with it, leaving them out of the hedge", async () => {
      const { bettor, market } = await backedHome();
      // The bettor's own lay of 200 at 2.2 on Away rests (it would be money others can back Away at).
      const rest = await bet(bettor, market, 2, 0, 2.2, 200);
      const done = await ok('cashOut', { market_id: market, client_ref: 'co-rests' }, bettor);
      expect(done.cancelled_bet_ids).toEqual([rest.bet_id]);
      expect(done.value).toBe(50);
      expect(await ok('getCurrentBets', { bet_type: 'unmatched', match_id: matchId }, bettor)).toEqual([]);
      expect((await balanceOf(ctx(), bettor)).liability).toBe(0);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('in play, waits the bet delay and quotes again: a book that moved meanwhile places nothing', async () => {
      const { bettor, layer, market, offer } = await backedHome({ in_play: true, bet_delay_ms: 300 });
      expect((await ok('getCashOut', { market_id: market }, bettor)).value).toBe(50);
      const inDelay = delay.nextBetInDelay();
      const pending = call('cashOut', { market_id: market, client_ref: 'co-delay' }, bettor);
      await inDelay;
      // During the delay the layer's offer goes: nothing left to lay Home at.
      await ok('cancelBet', { bet_id: offer.bet_id }, layer);
      const moved = await pending;
      expect(moved.json).toMatchObject({
        code: 'CASH_OUT_PRICE_MOVED',
        message:
          'Cash out is no longer available: There is not enough money in the market to cash out now. Nothing was placed.',
        data: { available: false, reason: 'NOT_ENOUGH_LIQUIDITY' },
      });
      expect(await pnl(bettor, market)).toEqual([200, -100]);
      // The layer offers 2.5 (after its own delay); the cash out waits its delay and goes through.
      await bet(layer, market, 1, 1, 2.5, 1000);
      const started = Date.now();
      const done = await ok('cashOut', { market_id: market, client_ref: 'co-delay-2' }, bettor);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(done.value).toBe(20);
      expect(await pnl(bettor, market)).toEqual([20, 20]);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('refuses while the market is suspended or ball running, with the reason, and a bad call', async () => {
      const { bettor, market } = await backedHome();
      const status = (s: string) => ok('operatorSetMarketStatus', { market_id: market, status: s }, admin);
      await status('SUSPENDED');
      expect(await refusal('cashOut', { market_id: market, client_ref: 'co-s' }, bettor)).toEqual({
        status: 400,
        code: 'CASH_OUT_UNAVAILABLE',
        message: 'Market suspended',
      });
      await status('BALL_RUNNING');
      const running = await call('cashOut', { market_id: market, client_ref: 'co-b' }, bettor);
      expect(running.json).toMatchObject({
        code: 'CASH_OUT_UNAVAILABLE',
        message: 'Ball running',
        data: { reason: 'BALL_RUNNING' },
      });
      await status('OPEN');
      expect((await refusal('cashOut', { market_id: market }, bettor)).code).toBe('VALIDATION_ERROR');
      expect(await pnl(bettor, market)).toEqual([200, -100]);
      await expectInvariants(ctx().db, ctx().app.betting);
    });
  },
  { bettingOptions: { sleep: delay.sleep } },
);
