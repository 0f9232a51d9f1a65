/**
 * bet/placeMarketBet with fill_or_kill (issue 23) on PGlite and PostgreSQL: a bet that matches
 * what the book offers now and never rests. Less than asked can match: refused, nothing placed.
 * Enough for min_fill_stake: the part that matches is the bet, at the resting orders' prices.
 */
import { expect, it } from 'vitest';
import { balanceOf, bettingCast, createMatchOdds, expectInvariants, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('fill or kill', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok, refusal } = callsAs(ctx, () => cast.admin);

  it('refuses what cannot fill enough and places nothing; fills what it can above min_fill_stake, never resting', async () => {
    const { token: bettor } = await newBettor(ctx(), cast.agent1, 'fokbettor', 10_000);
    const { token: layer } = await newBettor(ctx(), cast.agent1, 'foklayer', 10_000);
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    const home = (is_back: 0 | 1, odds: number, stake: number, extra: Record<string, unknown> = {}) => ({
      market_id: market,
      selection_id: 1,
      is_back,
      odds,
      stake,
      ...extra,
    });
    // Home can be backed for 400 at 2.0 and 300 at 1.9.
    await ok('placeMarketBet', home(0, 2, 400), layer);
    await ok('placeMarketBet', home(0, 1.9, 300), layer);
    const backLevels = async () =>
      (await ok('getMatchDetail', { match_id: cast.matchId }, bettor)).markets.find(
        (m: { market_id: number }) => m.market_id === market,
      ).runners[0].back;
    const before = { balance: await balanceOf(ctx(), bettor), levels: await backLevels() };
    expect(before.levels).toEqual([
      { price: 2, size: 400 },
      { price: 1.9, size: 300 },
    ]);

    // 1,000 at 1.9 or better: only 700 is there.
    expect(await refusal('placeMarketBet', home(1, 1.9, 1000, { fill_or_kill: true }), bettor)).toEqual({
      status: 400,
      code: 'FILL_OR_KILL_NOT_FILLED',
      message: 'Only ₹700 can be matched at these odds now, less than the ₹1,000 asked: nothing was placed',
    });
    // At 2.0 or better only 400: below a minimum fill of 500 too.
    expect(
      (await refusal('placeMarketBet', home(1, 2, 1000, { fill_or_kill: true, min_fill_stake: 500 }), bettor)).code,
    ).toBe('FILL_OR_KILL_NOT_FILLED');
    expect(await balanceOf(ctx(), bettor)).toEqual(before.balance);
    expect(await backLevels()).toEqual(before.levels);
    expect(await ok('getCurrentBets', { bet_type: 'all', match_id: cast.matchId }, bettor)).toEqual([]);

    // At least 500 of 1,000 at 1.9: the 700 there is taken at 2.0 and 1.9, and nothing rests.
    const placed = await ok(
      'placeMarketBet',
      home(1, 1.9, 1000, { fill_or_kill: true, min_fill_stake: 500 }),
      bettor,
    );
    expect(placed).toMatchObject({ stake: 700, matched_stake: 700, unmatched_stake: 0, status: 'MATCHED', avg_odds: 1.96 });
    expect(await backLevels()).toEqual([]);
    // Home wins: 400 x 1.0 + 300 x 0.9 = 670; Away wins: -700.
    expect((await balanceOf(ctx(), bettor)).liability).toBeCloseTo(700, 2);
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  it('refuses min_fill_stake without fill_or_kill or above the stake', async () => {
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    const body = { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 200 };
    const demo1 = await ctx().login('demo1');
    expect(await refusal('placeMarketBet', { ...body, min_fill_stake: 100 }, demo1)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(
      await refusal('placeMarketBet', { ...body, fill_or_kill: true, min_fill_stake: 300 }, demo1),
    ).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'min_fill_stake can be at most the stake' });
  });
});
