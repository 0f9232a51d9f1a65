/**
 * The cash-out quote (bet/getCashOut) as callers see it, on PGlite and PostgreSQL: the hedge of
 * the caller's own position at the book's prices now (exchange-rules.md's example, in full and
 * in half), at the house's rates on a bookmaker market, and the reasons there is none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { createMarket, createMatchOdds, firstMatchOf, newBettor } from '../../test/betting.ts';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';

describeEachDatabase('cash-out quote', (ctx) => {
  let admin: string;
  let demo1: string;
  let demo3: string;
  let matchId: number;
  const call = (...args: Parameters<TestContext['call']>) => ctx().call(...args);
  const bet = async (token: string, body: Record<string, unknown>) => {
    const res = await call('placeMarketBet', body, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const quote = async (body: Record<string, unknown>, token = demo1) => {
    const res = await call('getCashOut', body, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const unavailable = (marketId: number, reason: string, fraction = 1) => ({
    market_id: marketId,
    fraction,
    available: false,
    reason,
    reason_text: expect.any(String),
    value: null,
    locked: null,
    pnl_after: [],
    legs: [],
    auto_cash_out: null,
  });

  /**
   * demo1 backs Home 100 at 3.0 against demo3's lay (Home +200, Away -100), then demo3's orders
   * make the book the design note's: Home 1.96 to back and 2.0 to lay, Away 1.96 and 2.04.
   */
  const backedHome = async () => {
    const market = await createMatchOdds(ctx(), admin, matchId);
    await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 3, stake: 100 });
    const backed = await bet(demo1, { market_id: market, selection_id: 1, is_back: 1, odds: 3, stake: 100 });
    expect(backed).toMatchObject({ status: 'MATCHED', matched_stake: 100 });
    await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 1.96, stake: 500 });
    await bet(demo3, { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 500 });
    await bet(demo3, { market_id: market, selection_id: 2, is_back: 0, odds: 1.96, stake: 500 });
    await bet(demo3, { market_id: market, selection_id: 2, is_back: 1, odds: 2.04, stake: 500 });
    return market;
  };

  beforeAll(async () => {
    admin = await ctx().login('admin');
    demo1 = await ctx().login('demo1');
    demo3 = await ctx().login('demo3');
    matchId = (await firstMatchOf(ctx().db, SPORT.CRICKET, false)).matchId;
  });

  describe('exchange', () => {
    it('closes a back of 100 at 3.0 with a lay of 150 at 2.0: +50 whatever wins', async () => {
      const market = await backedHome();
      expect(await quote({ market_id: market })).toEqual({
        market_id: market,
        fraction: 1,
        available: true,
        reason: null,
        reason_text: null,
        value: 50,
        locked: 50,
        pnl_after: [
          { selection_id: 1, pnl: 50 },
          { selection_id: 2, pnl: 50 },
        ],
        legs: [{ selection_id: 1, side: 'LAY', odds: 2, stake: 150, fills: [{ odds: 2, stake: 150 }] }],
        auto_cash_out: null,
      });
      // A read: nothing was placed, the book and the position are as they were.
      const view = (await call('getMatchDetail', { match_id: matchId }, demo1)).json.data.markets.find(
        (m: { market_id: number }) => m.market_id === market,
      );
      expect(view.runners.map((r: { position: number }) => r.position)).toEqual([200, -100]);
      expect(view.runners[0].lay).toEqual([{ price: 2, size: 500 }]);
    });

    it('cashes out half: a lay of 75 moves each outcome half way, Home 200 -> 125 and Away -100 -> -25', async () => {
      const market = await backedHome();
      expect(await quote({ market_id: market, fraction: 0.5 })).toEqual({
        market_id: market,
        fraction: 0.5,
        available: true,
        reason: null,
        reason_text: null,
        value: -25,
        locked: 25,
        pnl_after: [
          { selection_id: 1, pnl: 125 },
          { selection_id: 2, pnl: -25 },
        ],
        legs: [{ selection_id: 1, side: 'LAY', odds: 2, stake: 75, fills: [{ odds: 2, stake: 75 }] }],
        auto_cash_out: null,
      });
    });

    it("quotes the caller's own position only", async () => {
      const market = await backedHome();
      const agent1 = await ctx().login('agent1');
      const stranger = await newBettor(ctx(), agent1, 'cashout_stranger', 1_000);
      expect(await quote({ market_id: market }, stranger.token)).toEqual(unavailable(market, 'NOTHING_TO_CASH_OUT'));
      // demo3 laid Home (Home -200, Away +100), and every order in the book is its own: no bettor
      // matches himself (ADR 50), so there is nothing to hedge in.
      expect(await quote({ market_id: market }, demo3)).toEqual(unavailable(market, 'NOT_ENOUGH_LIQUIDITY'));
      // Once demo1's lay of 200 at 1.98 rests on Home, demo3 can back Home there: 300 / 1.98 =
      // 151.52, about -51.5 whatever wins.
      await bet(demo1, { market_id: market, selection_id: 1, is_back: 0, odds: 1.98, stake: 200 });
      const other = await quote({ market_id: market }, demo3);
      expect(other.legs).toEqual([{ selection_id: 1, side: 'BACK', odds: 1.98, stake: 151.52, fills: [{ odds: 1.98, stake: 151.52 }] }]);
      expect(other.value).toBeCloseTo(-51.5, 0);
    });

    it('answers NOTHING_TO_CASH_OUT without a position, and NOT_ENOUGH_LIQUIDITY without a book to hedge in', async () => {
      const market = await createMatchOdds(ctx(), admin, matchId);
      expect(await quote({ market_id: market })).toEqual(unavailable(market, 'NOTHING_TO_CASH_OUT'));
      // demo1's back is matched and the lay it met is gone: nobody offers a lay or a back now.
      await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 3, stake: 100 });
      await bet(demo1, { market_id: market, selection_id: 1, is_back: 1, odds: 3, stake: 100 });
      expect(await quote({ market_id: market })).toEqual(unavailable(market, 'NOT_ENOUGH_LIQUIDITY'));
    });
  });

  it("quotes a bookmaker position at the house's rates now", async () => {
    const market = await createMarket(ctx(), admin, {
      match_id: matchId,
      kind: 'BOOKMAKER',
      market_type: 'BOOKMAKER',
      name: 'Bookmaker',
      runners: [{ name: 'Home' }, { name: 'Away' }],
    });
    const rates = (home: [number, number], away: [number, number]) =>
      call(
        'operatorSetBookmakerRates',
        {
          market_id: market,
          rates: [
            { selection_id: 1, back_rate: home[0], lay_rate: home[1] },
            { selection_id: 2, back_rate: away[0], lay_rate: away[1] },
          ],
        },
        admin,
      );
    await rates([80, 85], [110, 120]);
    // Back Home 100 at rate 80 (1.80): Home +80, Away -100.
    await bet(demo1, { market_id: market, selection_id: 1, is_back: 1, odds: 80, stake: 100 });
    await rates([40, 45], [150, 160]);
    // Lay Home at 1.45: 180 / 1.45 = 124.137..., rounded down to 124.13; Home 80 - 0.45 x 124.13
    // = 24.1415 (24.14 against the bettor), Away -100 + 124.13 = 24.13.
    expect(await quote({ market_id: market })).toEqual({
      market_id: market,
      fraction: 1,
      available: true,
      reason: null,
      reason_text: null,
      value: 24.13,
      locked: 24.13,
      pnl_after: [
        { selection_id: 1, pnl: 24.14 },
        { selection_id: 2, pnl: 24.13 },
      ],
      legs: [{ selection_id: 1, side: 'LAY', odds: 1.45, stake: 124.13, fills: [{ odds: 1.45, stake: 124.13 }] }],
      auto_cash_out: null,
    });
  });

  it('answers no cash out while the market is suspended, ball running or closed, and on a fancy line', async () => {
    const market = await backedHome();
    const status = async (s: string) =>
      expect((await call('operatorSetMarketStatus', { market_id: market, status: s }, admin)).statusCode).toBe(200);
    await status('SUSPENDED');
    expect(await quote({ market_id: market })).toEqual(unavailable(market, 'MARKET_SUSPENDED'));
    await status('BALL_RUNNING');
    expect(await quote({ market_id: market, fraction: 0.25 })).toEqual(unavailable(market, 'BALL_RUNNING', 0.25));
    await status('OPEN');
    // Open again, but the suspension lapsed demo3's unmatched orders: the book has nothing to hedge in.
    expect(await quote({ market_id: market })).toEqual(unavailable(market, 'NOT_ENOUGH_LIQUIDITY'));
    await status('CLOSED');
    expect(await quote({ market_id: market })).toEqual(unavailable(market, 'MARKET_CLOSED'));

    const fancy = await createMarket(ctx(), admin, {
      match_id: matchId,
      kind: 'FANCY',
      market_type: 'FANCY',
      name: '6 Over Runs',
      fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 },
    });
    const res = await call('getCashOut', { market_id: fancy }, demo1);
    expect(res.json).toEqual({
      status: true,
      message: expect.any(String),
      data: { ...unavailable(fancy, 'FANCY_MARKET'), reason_text: 'Cash out is not offered on fancy markets' },
    });
  });

  it('refuses a market that does not exist (404) and a fraction outside (0, 1] or finer than 4 decimals (400)', async () => {
    const missing = await call('getCashOut', { market_id: 99_999_999 }, demo1);
    expect(missing.statusCode).toBe(404);
    expect(missing.json).toMatchObject({ status: false, code: 'MARKET_NOT_FOUND' });
    const market = await createMatchOdds(ctx(), admin, matchId);
    for (const fraction of [0, -0.5, 1.5, 0.12345, '0.5', null]) {
      const res = await call('getCashOut', { market_id: market, fraction }, demo1);
      expect(res.statusCode, String(fraction)).toBe(400);
      expect(res.json).toMatchObject({ status: false, code: 'VALIDATION_ERROR' });
    }
    expect((await call('getCashOut', { market_id: market }, undefined)).statusCode).toBe(401);
  });
});
