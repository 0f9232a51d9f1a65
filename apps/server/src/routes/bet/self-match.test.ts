/**
 * No bettor matches himself (issue 23, ADR 50) on PGlite and PostgreSQL: a bet whose price
 * reaches the same bettor's own unmatched opposite bet on the runner is refused
 * (INVALID_BACK_LAY_COMBINATION) with nothing placed, even when other bettors' money comes
 * first in the queue; a price short of it is taken as usual, and another runner is free.
 */
import { expect, it } from 'vitest';
import { balanceOf, bettingCast, createMatchOdds, expectInvariants, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('self-match', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok, refusal } = callsAs(ctx, () => cast.admin);

  it("refuses a bet that would match the bettor's own unmatched opposite bet, and places nothing", async () => {
    const { token: bettor } = await newBettor(ctx(), cast.agent1, 'selfbettor', 10_000);
    const { token: other } = await newBettor(ctx(), cast.agent1, 'selfother', 10_000);
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    const bet = (is_back: 0 | 1, odds: number, stake: number, selection_id = 1) => ({
      market_id: market,
      selection_id,
      is_back,
      odds,
      stake,
    });
    const book = async () =>
      (await ok('getMatchDetail', { match_id: cast.matchId }, bettor)).markets.find(
        (m: { market_id: number }) => m.market_id === market,
      ).runners[0];

    // The bettor lays 100 at 2.0 (others can back home at 2.0); the other bettor lays 200 at 2.2.
    await ok('placeMarketBet', bet(0, 2, 100), bettor);
    await ok('placeMarketBet', bet(0, 2.2, 200), other);
    const before = { balance: await balanceOf(ctx(), bettor), runner: await book() };
    expect(before.runner.back).toEqual([
      { price: 2.2, size: 200 },
      { price: 2, size: 100 },
    ]);

    // A back at 2.0 would take the other's 200 at 2.2, then reach the bettor's own lay at 2.0.
    expect(await refusal('placeMarketBet', bet(1, 2, 250), bettor)).toEqual({
      status: 400,
      code: 'INVALID_BACK_LAY_COMBINATION',
      message: 'This bet would match your own unmatched bet at 2: cancel or change that bet first',
    });
    // At 1.5 too (it crosses 2.0 on its way), for any stake.
    expect((await refusal('placeMarketBet', bet(1, 1.5, 100), bettor)).code).toBe(
      'INVALID_BACK_LAY_COMBINATION',
    );
    expect(await balanceOf(ctx(), bettor)).toEqual(before.balance);
    expect(await book()).toEqual(before.runner);

    // A back at 2.2 stops short of the bettor's own lay: it takes the other's money as usual.
    const taken = await ok('placeMarketBet', bet(1, 2.2, 150), bettor);
    expect(taken).toMatchObject({ matched_stake: 150, unmatched_stake: 0 });
    // Another runner is free of the bettor's lay on home.
    await ok('placeMarketBet', bet(1, 3, 100, 2), bettor);

    // The other way round: the bettor's back resting at 3.0 on home (others can lay at 3.0)
    // refuses its own lay at 3.0 or above, not one at 2.9.
    await ok('placeMarketBet', bet(1, 3, 100), bettor);
    expect(await refusal('placeMarketBet', bet(0, 3.5, 100), bettor)).toMatchObject({
      code: 'INVALID_BACK_LAY_COMBINATION',
      message: 'This bet would match your own unmatched bet at 3: cancel or change that bet first',
    });
    await ok('placeMarketBet', bet(0, 2.9, 100), bettor);
    // Once its own bet is cancelled, the bet it refused is taken.
    await ok('cancelAllBets', { market_id: market }, bettor);
    await ok('placeMarketBet', bet(1, 2, 250), bettor);
    await expectInvariants(ctx().db, ctx().app.betting);
  });
});
