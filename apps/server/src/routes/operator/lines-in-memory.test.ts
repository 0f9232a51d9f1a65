/**
 * A fancy line or a bookmaker market's rates (the feed moves them every ball) change the market in
 * memory as they write it, without reloading it: on PGlite and PostgreSQL, after each move the
 * market in memory is the database's (row and runners), and the next bet is taken at the new
 * line or rate, not the old one.
 */
import { expect, it } from 'vitest';
import { bettingCast, createMarket, expectInvariants, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('lines and rates kept in memory', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok, refusal } = callsAs(ctx, () => cast.admin);
  const drift = (marketId: number) => ctx().app.betting.memoryDrift(marketId);

  it('a moved fancy line is the one the next bet is taken at', async () => {
    const { token } = await newBettor(ctx(), cast.agent1, 'linemem1', 10_000);
    const fancy = await createMarket(ctx(), cast.admin, {
      match_id: cast.matchId,
      kind: 'FANCY',
      market_type: 'FANCY',
      name: '6 Over Runs (memory)',
      fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 },
    });
    await ok('operatorSetFancyLine', {
      market_id: fancy,
      no_line: 50,
      no_rate: 90,
      yes_line: 52,
      yes_rate: 110,
    });
    expect(await drift(fancy)).toEqual([]);
    // The old line is gone: a YES at 46 is refused, a YES at 52 for 110 is taken.
    expect(
      await refusal('placeFancyBet', { fancy_id: fancy, is_back: 1, run: 46, rate: 100, stake: 100 }, token),
    ).toMatchObject({ code: 'ODDS_CHANGED' });
    await ok('placeFancyBet', { fancy_id: fancy, is_back: 1, run: 52, rate: 110, stake: 100 }, token);
    // Suspended with the line: no bet.
    await ok('operatorSetFancyLine', {
      market_id: fancy,
      no_line: 51,
      no_rate: 100,
      yes_line: 52,
      yes_rate: 100,
      status: 'SUSPENDED',
    });
    expect(await drift(fancy)).toEqual([]);
    expect(
      await refusal('placeFancyBet', { fancy_id: fancy, is_back: 0, run: 51, rate: 100, stake: 100 }, token),
    ).toMatchObject({ code: 'MARKET_SUSPENDED' });
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  it('moved bookmaker rates are the ones the next bet is taken at', async () => {
    const { token } = await newBettor(ctx(), cast.agent1, 'linemem2', 10_000);
    const bookmaker = await createMarket(ctx(), cast.admin, {
      match_id: cast.matchId,
      kind: 'BOOKMAKER',
      market_type: 'BOOKMAKER',
      name: 'Bookmaker (memory)',
      runners: [{ name: 'Home' }, { name: 'Away' }],
    });
    const rates = (home: number, away: number) =>
      ok('operatorSetBookmakerRates', {
        market_id: bookmaker,
        rates: [
          { selection_id: 1, back_rate: home, lay_rate: home + 5 },
          { selection_id: 2, back_rate: away, lay_rate: away + 5 },
        ],
      });
    await rates(80, 120);
    await rates(60, 150);
    expect(await drift(bookmaker)).toEqual([]);
    // Backing Home at the old rate of 80 is refused; at 60 it is taken.
    expect(
      await refusal(
        'placeMarketBet',
        { market_id: bookmaker, selection_id: 1, is_back: 1, odds: 80, stake: 100 },
        token,
      ),
    ).toMatchObject({ code: 'ODDS_CHANGED' });
    await ok(
      'placeMarketBet',
      { market_id: bookmaker, selection_id: 1, is_back: 1, odds: 60, stake: 100 },
      token,
    );
    await expectInvariants(ctx().db, ctx().app.betting);
  });
});
