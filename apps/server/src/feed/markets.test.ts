import { and, count, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { fills, ledgerAccounts, markets, matches, orders, races } from '../db/schema/index.ts';
import { expectInvariants, firstMatchOf } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { findUserByName } from '../services/users.ts';
import { accountOfUser, transfer, worldAccount } from '../services/money/index.ts';
import { MARKET_MAKER, ensureMarkets } from './markets.ts';

describeEachDatabase('demo markets', (ctx) => {
  it('gives every fixture its markets, rests the market maker on exchange markets, and is idempotent', async () => {
    const { db, app } = ctx();
    const now = ctx().now(); // one clock for both runs: the liquidity horizon moves with it
    const first = await ensureMarkets(db, app.betting, now, {
      racingHours: 4,
    });
    expect(first.markets).toBeGreaterThan(50);
    expect(first.orders).toBeGreaterThan(200);
    expect(await ensureMarkets(db, app.betting, now, { racingHours: 4 })).toEqual({
      markets: 0,
      orders: 0,
    });

    const fixtures = await db
      .select()
      .from(matches)
      .where(and(eq(matches.isActive, true)));
    for (const m of fixtures) {
      const kinds = (
        await db.select({ type: markets.marketType }).from(markets).where(eq(markets.matchId, m.matchId))
      )
        .map((r) => r.type)
        .sort();
      if (m.sportId === SPORT.CRICKET)
        // Three session lines, four in a first-class match (cricket-formats.test.ts).
        expect(kinds.filter((k) => k !== 'FANCY')).toEqual(['BOOKMAKER', 'MATCH_ODDS']);
      else if (m.sportId === SPORT.POLITICS) expect(kinds).toEqual(['WINNER']);
      else if (
        m.sportId !== SPORT.HORSE_RACING &&
        m.sportId !== SPORT.GREYHOUND_RACING &&
        m.matchName.includes(' v ')
      )
        expect(kinds).toEqual(['MATCH_ODDS']);
    }
    const soon = new Date(now.getTime() + 4 * 3_600_000);
    const [raceCount] = await db
      .select({ n: count() })
      .from(races)
      .where(and(gt(races.startTime, now), lte(races.startTime, soon)));
    const [raceMarkets] = await db.select({ n: count() }).from(markets).where(isNotNull(markets.raceId));
    expect(raceMarkets!.n).toBe(2 * raceCount!.n);

    // A bettor's back at the best price shown is matched by the market maker.
    const demo1 = await ctx().login('demo1');
    const cricket = await firstMatchOf(db, SPORT.CRICKET, false);
    const detail = (await ctx().call('getMatchDetail', { match_id: cricket.matchId }, demo1)).json.data;
    const odds = detail.markets.find((m: { market_type: string }) => m.market_type === 'MATCH_ODDS');
    expect(
      odds.runners.every(
        (r: { back: unknown[]; lay: unknown[] }) => r.back.length === 3 && r.lay.length === 3,
      ),
    ).toBe(true);
    const best = odds.runners[0].back[0];
    expect(odds.runners[0].lay[0].price).toBeGreaterThan(best.price);
    const bookmaker = detail.markets.find((m: { market_type: string }) => m.market_type === 'BOOKMAKER');
    expect(
      bookmaker.runners.every(
        (r: { back_rate: number; lay_rate: number }) => r.back_rate > 0 && r.lay_rate > r.back_rate,
      ),
    ).toBe(true);
    const fancy = detail.markets.filter((m: { kind: string }) => m.kind === 'FANCY');
    expect(
      fancy.every(
        (m: { fancy: { no_line: number; yes_line: number } }) => m.fancy.yes_line === m.fancy.no_line + 1,
      ),
    ).toBe(true);

    const placed = await ctx().call(
      'placeMarketBet',
      {
        market_id: odds.market_id,
        selection_id: odds.runners[0].selection_id,
        is_back: 1,
        odds: best.price,
        stake: 200,
      },
      demo1,
    );
    expect(placed.json.data).toMatchObject({ status: 'MATCHED', matched_stake: 200, avg_odds: best.price });
    const mm = await findUserByName(db, MARKET_MAKER);
    const [fill] = await db.select().from(fills).where(eq(fills.takerOrderId, placed.json.data.bet_id));
    expect(fill).toMatchObject({ makerUserId: mm!.id, sizePaise: 20_000 });
    await expectInvariants(db, app.betting);
  });

  it('leaves out the quotes its float cannot carry, without failing, and rests them once money is back', async () => {
    const { db, app } = ctx();
    const now = ctx().now();
    await ensureMarkets(db, app.betting, now, { racingHours: 1 });
    const mm = (await findUserByName(db, MARKET_MAKER))!;
    const account = await accountOfUser(db, mm.id);
    const world = await worldAccount(db);
    const [before] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account.id));
    // Every rupee not already held for its quotes goes out: the maker cannot lay or back anything more.
    const free = before!.balancePaise - before!.exposurePaise;
    const move = (key: string, from: number, to: number) =>
      transfer(
        db,
        {
          idempotencyKey: key,
          debitAccountId: from,
          creditAccountId: to,
          amountPaise: free,
          reason: 'WITHDRAW',
          remark: 'float test',
        },
        now,
      );
    await move('test:mm-float-out', account.id, world.id);

    const [{ last }] = (await db
      .select({ last: sql<number>`max(${matches.matchId})::int` })
      .from(matches)) as [{ last: number }];
    const matchId = last + 1;
    await db.insert(matches).values({
      matchId,
      seriesId: 201,
      sportId: SPORT.FOOTBALL,
      matchName: 'Broke Rovers v Float FC',
      startTime: new Date(now.getTime() + 3_600_000),
    });
    const options = { racingHours: 1, matchIds: [matchId] };
    expect(await ensureMarkets(db, app.betting, now, options)).toEqual({ markets: 1, orders: 0 });
    const [odds] = await db.select({ id: markets.id }).from(markets).where(eq(markets.matchId, matchId));
    const makerOrders = async () =>
      (
        await db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.marketId, odds!.id), eq(orders.userId, mm.id)))
      )[0]!.n;
    expect(await makerOrders()).toBe(0);

    // The money comes back: the next run rests the market's ladder, 3 levels a side for 3 runners.
    await move('test:mm-float-back', world.id, account.id);
    expect(await ensureMarkets(db, app.betting, now, options)).toEqual({ markets: 0, orders: 18 });
    expect(await makerOrders()).toBe(18);
    await expectInvariants(db, app.betting);
  });
});
