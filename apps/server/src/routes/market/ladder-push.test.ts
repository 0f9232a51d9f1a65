/**
 * The trading ladder kept live by the push (issue 24) on PGlite and PostgreSQL: a subscriber of
 * a market gets a delta for every change of its book, a deep one (below the best three prices
 * the push shows) included, by the market's version; after each, market/getLadder shows it: a
 * resting bet's stake at its price, gone once cancelled, and a fill's traded money and last
 * traded price, which the delta carries too.
 */
import { afterAll, expect, it } from 'vitest';
import { bettingCast, createMatchOdds, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { LiveTestClient, type Received } from '../../test/live-client.ts';

type Delta = Extract<Received, { type: 'market_delta' }>;
interface Level {
  price: number;
  back: number;
  lay: number;
  traded: number;
  my_back: number;
  my_lay: number;
}

describeEachDatabase('the ladder by push', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok } = callsAs(ctx, () => cast.admin);
  const live: LiveTestClient[] = [];
  afterAll(async () => {
    await Promise.all(live.map((c) => c.close()));
  });

  it('a deep resting bet, its cancel and a fill each push a delta, and the ladder then shows them', async () => {
    const maker = await newBettor(ctx(), cast.agent1, 'lpmaker', 10_000);
    const trader = await newBettor(ctx(), cast.agent1, 'lptrader', 10_000);
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    const bet = (token: string, is_back: 0 | 1, odds: number, stake: number) =>
      ok('placeMarketBet', { market_id: market, selection_id: 1, is_back, odds, stake }, token);
    // The maker's backs rest at 3.0, 3.5, 4.0 and 5.0: the push shows the best three (to lay).
    for (const odds of [3, 3.5, 4, 5]) await bet(maker.token, 1, odds, 100);

    const origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const client = await LiveTestClient.connect(origin, trader.token);
    live.push(client);
    client.send({ op: 'subscribe', market_ids: [market] });
    const image = await client.next(
      (m: Received): m is Extract<Received, { type: 'market_image' }> =>
        m.type === 'market_image' && m.market_id === market,
    );
    expect(image.market.runners[0]!.lay.map((l) => l.price)).toEqual([3, 3.5, 4]);
    const ladder = async () =>
      (await ok('getLadder', { market_id: market, selection_id: 1 }, trader.token)) as {
        last_traded_price: number | null;
        levels: Level[];
      };
    const level = async (price: number) => (await ladder()).levels.find((l) => l.price === price);
    const nextDelta = (from: number) =>
      client.next((m: Received): m is Delta => m.type === 'market_delta' && m.market_id === market, { from });

    // The trader's back at 6.0 rests below the three shown: the book's best three are as they
    // were, yet a delta comes (the version), and the ladder shows the trader's 200 at 6.0.
    let from = client.mark();
    const resting = await bet(trader.token, 1, 6, 200);
    let delta = await nextDelta(from);
    expect(delta.changes.version).toBeGreaterThan(image.market.version);
    expect(delta.changes.runners).toBeUndefined();
    expect(await level(6)).toEqual({ price: 6, back: 0, lay: 200, traded: 0, my_back: 200, my_lay: 0 });

    // Its cancel: another delta, and 6.0 has no money left.
    from = client.mark();
    await ok('cancelBet', { bet_id: resting.bet_id }, trader.token);
    delta = await nextDelta(from);
    expect(delta.changes.version).toBeGreaterThan(image.market.version + 1);
    expect(await level(6)).toBeUndefined();

    // A fill: the trader lays 100 at 3.0 into the maker's back; the delta carries the trade.
    from = client.mark();
    await bet(trader.token, 0, 3, 100);
    delta = await nextDelta(from);
    expect(delta.changes.runners?.[0]).toMatchObject({
      selection_id: 1,
      last_traded_price: 3,
      total_matched: 100,
    });
    expect(delta.changes.total_matched).toBe(100);
    const after = await ladder();
    expect(after.last_traded_price).toBe(3);
    expect(after.levels.find((l) => l.price === 3)).toEqual({
      price: 3,
      back: 0,
      lay: 0,
      traded: 100,
      my_back: 0,
      my_lay: 0,
    });
  });
});
