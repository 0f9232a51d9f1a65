/**
 * Market data a trader reads (issue 24) on PGlite and PostgreSQL, after a scripted series of bets
 * that match: each runner's traded volume per price, last traded price and total matched, and the
 * market's total, in match/getMatchDetail (from memory, and after a reload from the fills) and in
 * market/getLadder with the caller's own unmatched stakes (nobody else's); market/getPriceHistory
 * per second, minute and 5 minutes, before and after settlement; bad input refused.
 */
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { bettingCast, createMarket, createMatchOdds, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

type FillRow = {
  selection_id: number;
  price: number;
  size_paise: string | number;
  at_ms: string | number;
};

interface Level {
  price: number;
  back: number;
  lay: number;
  traded: number;
  my_back: number;
  my_lay: number;
}

const FIVE_MINUTES_MS = 300_000;
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

describeEachDatabase('market data', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok, refusal } = callsAs(ctx, () => cast.admin);

  it('shows traded volume, last traded price and totals equal to the fills, a ladder scoped to its caller, and the price history', async () => {
    const maker = await newBettor(ctx(), cast.agent1, 'mdmaker', 10_000);
    const taker = await newBettor(ctx(), cast.agent1, 'mdtaker', 10_000);
    const other = await newBettor(ctx(), cast.agent1, 'mdother', 10_000);
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    const bet = (token: string, selection_id: number, is_back: 0 | 1, odds: number, stake: number) =>
      ok('placeMarketBet', { market_id: market, selection_id, is_back, odds, stake }, token);
    // Fills land just after a 5-minute boundary, so which interval holds each is known.
    ctx().advanceClock(FIVE_MINUTES_MS - (ctx().now().getTime() % FIVE_MINUTES_MS) + 100);

    // The maker lays 1,000 at 2.0 and 500 at 2.2 on Home; the taker backs 300, which takes 2.2.
    await bet(maker.token, 1, 0, 2, 1000);
    await bet(maker.token, 1, 0, 2.2, 500);
    await bet(taker.token, 1, 1, 2.2, 300);
    ctx().advanceClock(2_000);
    // Two seconds on: 400 at 2.0 takes the rest of 2.2 (200), then 200 at 2.0.
    await bet(taker.token, 1, 1, 2, 400);
    // The maker's back at 3.0 rests; a minute on, the other bettor lays 250 into it.
    await bet(maker.token, 1, 1, 3, 600);
    ctx().advanceClock(61_000);
    await bet(other.token, 1, 0, 3, 250);
    // Away trades 400 at 1.8; the taker leaves a back at 5.0 and a lay at 1.5 on Home unmatched.
    await bet(taker.token, 2, 0, 1.8, 400);
    await bet(other.token, 2, 1, 1.8, 400);
    await bet(taker.token, 1, 1, 5, 100);
    await bet(taker.token, 1, 0, 1.5, 150);

    const fills = (
      await queryRows<FillRow>(
        ctx().db,
        sql`select selection_id, price, size_paise, (extract(epoch from created_at) * 1000)::bigint as at_ms
            from fills where market_id = ${market} order by seq, id`,
      )
    ).map((f) => ({
      selectionId: f.selection_id,
      odds: f.price / 100,
      stake: Number(f.size_paise) / 100,
      atMs: Number(f.at_ms),
    }));
    // Sizes are the backer's stake (the book's convention, which is what Betfair counts).
    expect(fills.map((f) => [f.selectionId, f.odds, f.stake])).toEqual([
      [1, 2.2, 300],
      [1, 2.2, 200],
      [1, 2, 200],
      [1, 3, 250],
      [2, 1.8, 400],
    ]);
    const fillsOf = (selectionId: number) => fills.filter((f) => f.selectionId === selectionId);
    const tradedAt = (selectionId: number, odds: number) =>
      sum(
        fillsOf(selectionId)
          .filter((f) => f.odds === odds)
          .map((f) => f.stake),
      );

    const detail = async (token = maker.token) =>
      (await ok('getMatchDetail', { match_id: cast.matchId }, token)).markets.find(
        (m: { market_id: number }) => m.market_id === market,
      );
    const figures = (view: {
      total_matched: number;
      runners: { selection_id: number; last_traded_price: number | null; total_matched: number }[];
    }) => ({
      total_matched: view.total_matched,
      runners: view.runners.map((r) => [r.selection_id, r.last_traded_price, r.total_matched]),
    });
    const expected = {
      total_matched: sum(fills.map((f) => f.stake)),
      runners: [1, 2].map((s) => [s, fillsOf(s).at(-1)!.odds, sum(fillsOf(s).map((f) => f.stake))]),
    };
    expect(expected).toEqual({
      total_matched: 1350,
      runners: [
        [1, 3, 950],
        [2, 1.8, 400],
      ],
    });
    expect(figures(await detail())).toEqual(expected);
    // Loaded again from the fills (a restart, or another process told the market is stale).
    ctx().app.betting.forgetAll();
    expect(figures(await detail())).toEqual(expected);

    // The ladder: the book's full depth, the money traded at each price, the caller's own rests.
    const ladder = (token: string, selection_id = 1) =>
      ok('getLadder', { market_id: market, selection_id }, token);
    const level = (price: number, l: Partial<Level> = {}): Level => ({
      price,
      back: 0,
      lay: 0,
      traded: 0,
      my_back: 0,
      my_lay: 0,
      ...l,
    });
    const makersView = await ladder(maker.token);
    expect(makersView).toEqual({
      market_id: market,
      selection_id: 1,
      last_traded_price: 3,
      total_matched: 950,
      levels: [
        level(1.5, { back: 150 }),
        level(2, { back: 800, traded: 200, my_lay: 800 }),
        level(2.2, { traded: 500 }),
        level(3, { lay: 350, traded: 250, my_back: 350 }),
        level(5, { lay: 100 }),
      ],
    });
    for (const l of makersView.levels as Level[]) expect(l.traded).toBe(tradedAt(1, l.price));
    // Each caller's own columns are its unmatched bets, and only its own.
    for (const who of [maker, taker, other]) {
      const unmatched = (await ok('getCurrentBets', { bet_type: 'unmatched' }, who.token)).filter(
        (b: { market_id: number; selection_id: number }) => b.market_id === market && b.selection_id === 1,
      );
      const mine = (side: 'BACK' | 'LAY', price: number) =>
        sum(
          unmatched
            .filter((b: { side: string; odds: number }) => b.side === side && b.odds === price)
            .map((b: { unmatched_stake: number }) => b.unmatched_stake),
        );
      const levels = (await ladder(who.token)).levels as Level[];
      for (const l of levels)
        expect({ price: l.price, my_back: l.my_back, my_lay: l.my_lay }).toEqual({
          price: l.price,
          my_back: mine('BACK', l.price),
          my_lay: mine('LAY', l.price),
        });
      // The same book, the same trades, whoever asks.
      expect(levels.map(({ my_back: _b, my_lay: _l, ...shared }) => shared)).toEqual(
        (makersView.levels as Level[]).map(({ my_back: _b, my_lay: _l, ...shared }) => shared),
      );
    }
    expect((await ladder(taker.token)).levels.filter((l: Level) => l.my_back > 0 || l.my_lay > 0)).toEqual([
      level(1.5, { back: 150, my_lay: 150 }),
      level(5, { lay: 100, my_back: 100 }),
    ]);
    expect((await ladder(other.token)).levels.some((l: Level) => l.my_back > 0 || l.my_lay > 0)).toBe(false);

    // The price history: each interval holds exactly the fills made in it.
    const history = async (interval: '1s' | '1m' | '5m', selection_id = 1) =>
      ok('getPriceHistory', { market_id: market, selection_id, interval }, taker.token);
    for (const [interval, widthMs] of [
      ['1s', 1_000],
      ['1m', 60_000],
      ['5m', FIVE_MINUTES_MS],
    ] as const) {
      for (const selectionId of [1, 2]) {
        const buckets = new Map<number, typeof fills>();
        for (const f of fillsOf(selectionId)) {
          const start = Math.floor(f.atMs / widthMs) * widthMs;
          buckets.set(start, [...(buckets.get(start) ?? []), f]);
        }
        expect((await history(interval, selectionId)).intervals).toEqual(
          [...buckets].map(([start, inIt]) => ({
            start: new Date(start).toISOString(),
            open: inIt[0]!.odds,
            high: Math.max(...inIt.map((f) => f.odds)),
            low: Math.min(...inIt.map((f) => f.odds)),
            close: inIt.at(-1)!.odds,
            volume: sum(inIt.map((f) => f.stake)),
          })),
        );
      }
    }
    expect((await history('1s')).intervals.map((i: { volume: number }) => i.volume)).toEqual([300, 400, 250]);
    expect(
      (await history('1m')).intervals.map((i: { open: number; close: number; volume: number }) => [
        i.open,
        i.close,
        i.volume,
      ]),
    ).toEqual([
      [2.2, 2, 700],
      [3, 3, 250],
    ]);
    expect((await history('5m')).intervals).toEqual([
      expect.objectContaining({ open: 2.2, high: 3, low: 2, close: 3, volume: 950 }),
    ]);

    // Settled: the figures and the history stay; the ladder keeps the trades, no book.
    const fiveMinutes = await history('5m');
    await ok('operatorDeclareResult', { market_id: market, winner_ids: [1] });
    expect(figures(await detail())).toEqual(expected);
    expect(await history('5m')).toEqual(fiveMinutes);
    expect((await ladder(taker.token)).levels).toEqual([
      level(2, { traded: 200 }),
      level(2.2, { traded: 500 }),
      level(3, { traded: 250 }),
    ]);
  });

  it('has nothing traded on a fresh market, and refuses bad input with a clear message', async () => {
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    expect(await ok('getLadder', { market_id: market, selection_id: 2 })).toEqual({
      market_id: market,
      selection_id: 2,
      last_traded_price: null,
      total_matched: 0,
      levels: [],
    });
    expect(await ok('getPriceHistory', { market_id: market, selection_id: 2, interval: '1m' })).toEqual({
      market_id: market,
      selection_id: 2,
      interval: '1m',
      intervals: [],
      events: [],
    });
    const bookmaker = await createMarket(ctx(), cast.admin, {
      match_id: cast.matchId,
      kind: 'BOOKMAKER',
      market_type: 'BOOKMAKER',
      name: 'Bookmaker',
      runners: [{ name: 'Home' }, { name: 'Away' }],
    });
    for (const name of ['getLadder', 'getPriceHistory'] as const) {
      expect(await refusal(name, { market_id: 999_999, selection_id: 1, interval: '1s' })).toEqual({
        status: 404,
        code: 'MARKET_NOT_FOUND',
        message: 'Market not found',
      });
      expect(await refusal(name, { market_id: market, selection_id: 9, interval: '1s' })).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'This selection is not in the market',
      });
      expect(
        (await refusal(name, { market_id: bookmaker, selection_id: 1, interval: '1s' })).message,
      ).toMatch(/^Only exchange markets have a/);
      expect((await refusal(name, { market_id: 'x', selection_id: 1, interval: '1s' })).status).toBe(400);
    }
    expect(
      await refusal('getPriceHistory', { market_id: market, selection_id: 1, interval: '1h' }),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining("interval must be '1s', '1m' or '5m'"),
    });
  });
});
