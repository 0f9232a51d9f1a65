/**
 * bet/cancelAllBets (issue 23) on PGlite and PostgreSQL: a bettor with unmatched bets in two
 * markets, one of them partly matched, cancels one market's, then every market's; the exposure
 * they held is released to the paisa, what matched stays matched, another bettor's bets are
 * untouched, and a call with nothing left cancels nothing.
 */
import { expect, it } from 'vitest';
import { balanceOf, bettingCast, createMatchOdds, expectInvariants, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('cancel all bets', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok } = callsAs(ctx, () => cast.admin);
  const back = (token: string, market: number, odds: number, stake: number) =>
    ok('placeMarketBet', { market_id: market, selection_id: 1, is_back: 1, odds, stake }, token);
  const lay = (token: string, market: number, odds: number, stake: number) =>
    ok('placeMarketBet', { market_id: market, selection_id: 1, is_back: 0, odds, stake }, token);

  it("cancels one market's unmatched rests, then every market's, releasing exactly their exposure", async () => {
    const { token: bettor } = await newBettor(ctx(), cast.agent1, 'cxallbettor', 10_000);
    const { token: other } = await newBettor(ctx(), cast.agent1, 'cxallother', 10_000);
    const [first, second] = [
      await createMatchOdds(ctx(), cast.admin, cast.matchId),
      await createMatchOdds(ctx(), cast.admin, cast.matchId),
    ];
    // On the first market: a lay of 400 at 2.0 by the other bettor meets 400 of the bettor's back
    // of 1,000 at 2.0 (600 rests), and a back of 500 at 5.0 rests; on the second, a back of 300 at
    // 3.0 rests. If the first market's other runner wins the bettor loses 400 + 600 + 500.
    await lay(other, first, 2, 400);
    const partly = await back(bettor, first, 2, 1000);
    const resting = await back(bettor, first, 5, 500);
    const elsewhere = await back(bettor, second, 3, 300);
    const otherRest = await lay(other, second, 1.5, 200);
    expect((await balanceOf(ctx(), bettor)).liability).toBeCloseTo(400 + 600 + 500 + 300, 2);

    const one = await ok('cancelAllBets', { market_id: first }, bettor);
    expect(one.bets).toEqual([
      { bet_id: partly.bet_id, market_id: first, cancelled_stake: 600, matched_stake: 400 },
      { bet_id: resting.bet_id, market_id: first, cancelled_stake: 500, matched_stake: 0 },
    ]);
    expect(one.cancelled_stake).toBe(1100);
    // Left: the 400 matched at 2.0 (a loss of 400 if the other runner wins) and the 300 elsewhere.
    expect(one.balance).toEqual(await balanceOf(ctx(), bettor));
    expect(one.balance.liability).toBeCloseTo(400 + 300, 2);

    const all = await ok('cancelAllBets', {}, bettor);
    expect(all.bets).toEqual([{ bet_id: elsewhere.bet_id, market_id: second, cancelled_stake: 300, matched_stake: 0 }]);
    expect(all.balance.liability).toBeCloseTo(400, 2);

    // Nothing left: nothing cancelled, the balance as it is.
    const none = await ok('cancelAllBets', {}, bettor);
    expect(none).toEqual({ bets: [], cancelled_stake: 0, balance: await balanceOf(ctx(), bettor) });
    // The other bettor's rest is still there, and cancels as its own.
    expect((await ok('cancelAllBets', { market_id: second }, other)).bets).toEqual([
      { bet_id: otherRest.bet_id, market_id: second, cancelled_stake: 200, matched_stake: 0 },
    ]);
    await expectInvariants(ctx().db, ctx().app.betting);
  });
});
