/**
 * The trading ladder kept live by the push (issue 24) on PGlite and PostgreSQL: a subscriber of
 * a market gets a delta for every change of its book, a deep one (below the best three prices
 * the push shows) included, by the market's version; after each, market/getLadder shows it: a
 * resting bet's stake at its price, gone once cancelled, and a fill's traded money and last
 * traded price, which the delta carries too. A repeated bet (its client_ref used) writes the
 * version alone (its lock): the watchers get that version too, so their book equals getMatchDetail's.
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
  let origin: string | undefined;
  const listen = async () => (origin ??= await ctx().app.listen({ port: 0, host: '127.0.0.1' }));
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

    const origin = await listen();
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

  it('repeated bets move the version, and a watcher keeps step with the server', async () => {
    const trader = await newBettor(ctx(), cast.agent1, 'lprepeat', 10_000);
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    const client = await LiveTestClient.connect(await listen(), trader.token);
    live.push(client);
    client.send({ op: 'subscribe', market_ids: [market] });
    const image = await client.next(
      (m: Received): m is Extract<Received, { type: 'market_image' }> =>
        m.type === 'market_image' && m.market_id === market,
    );
    const serverVersion = async () =>
      (
        (await ok('getMatchDetail', { match_id: cast.matchId }, trader.token)) as {
          markets: { market_id: number; version: number }[];
        }
      ).markets.find((m) => m.market_id === market)!.version;
    const heldVersion = () =>
      client
        .all('market_delta')
        .filter((d) => d.market_id === market)
        .reduce((v, d) => d.changes.version ?? v, image.market.version);
    const bet = (odds: number, client_ref: string) =>
      ok(
        'placeMarketBet',
        { market_id: market, selection_id: 1, is_back: 1, odds, stake: 100, client_ref },
        trader.token,
      );

    // Deep backs that rest, then their repeats (the same client_ref): each repeat answers the
    // bet placed, writes nothing of it, yet its write took the market's lock and its version.
    const keepsStep = async () => {
      const server = await serverVersion();
      const deadline = Date.now() + 5_000;
      while (heldVersion() !== server && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(heldVersion()).toBe(server);
      return server;
    };
    await bet(8, 'deep-8');
    await bet(9, 'deep-9');
    const placed = await keepsStep();
    // A repeat alone.
    await bet(8, 'deep-8');
    const repeated = await keepsStep();
    expect(repeated).toBe(placed + 1);
    // Repeats together (a group commit whose first bet is a repeat writes only that version).
    await Promise.all([bet(9, 'deep-9'), bet(8, 'deep-8'), bet(9, 'deep-9')]);
    // (each repeat writes the version at least once: one stopped a group commit and then went alone)
    expect(await keepsStep()).toBeGreaterThanOrEqual(repeated + 3);
  });
});
