import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { markets } from '../db/schema/index.ts';
import { findUserByName } from '../services/users.ts';
import { expectInvariants, firstMatchOf } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { PlatformSink } from './events.ts';
import { ladderQuotes } from './market-maker.ts';
import { MARKET_MAKER, ensureMarkets } from './markets.ts';

/**
 * The market maker's re-quote as readers see it (issue 20: an in-play ladder was almost empty
 * about one sample in twenty): every committed state of the market, the one the live push and
 * the API read, keeps the maker's prices on both sides of every runner while the game swings
 * and every price moves.
 */
describeEachDatabase('market maker re-quotes', (ctx) => {
  it('replaces its prices in one commit: no committed book lacks them on a side it quotes', async () => {
    const { db, app } = ctx();
    await ensureMarkets(db, app.betting, ctx().now(), { racingHours: 0 });
    const maker = (await findUserByName(db, MARKET_MAKER))!;
    const cricket = await firstMatchOf(db, SPORT.CRICKET, true);
    const [odds] = await db
      .select()
      .from(markets)
      .where(and(eq(markets.matchId, cricket.matchId), eq(markets.marketType, 'MATCH_ODDS')));
    const ids = (await app.betting.peek(odds!.id)).runners.map((r) => r.selectionId);
    const sink = new PlatformSink(app.betting, maker.id);

    const gaps: string[] = [];
    let commits = 0;
    const off = app.betting.onCommitted((event) => {
      if (event.marketId !== odds!.id || !event.state) return;
      commits++;
      const resting = [...event.state.openOrders.values()].filter((o) => o.userId === maker.id);
      for (const selectionId of ids)
        for (const side of ['BACK', 'LAY'] as const)
          if (!resting.some((o) => o.selectionId === selectionId && o.side === side))
            gaps.push(`version ${event.state.version}: no ${side} of ${selectionId}`);
    });
    // The game swings from one side to the other: each re-quote moves every price of the ladder.
    for (const home of [0.8, 0.2, 0.75, 0.25, 0.7, 0.3])
      await sink.apply({ type: 'quotes', marketId: odds!.id, quotes: ladderQuotes(odds!.id, ids, [home, 1 - home], 3) });
    off();

    expect(commits).toBeGreaterThanOrEqual(6);
    expect(gaps).toEqual([]);
    // What a bettor reads after the last: three prices a side on each runner, around 1/0.3 and 1/0.7.
    const token = await ctx().login('demo1');
    const detail = (await ctx().call('getMatchDetail', { match_id: cricket.matchId }, token)).json.data;
    const view = detail.markets.find((m: { market_id: number }) => m.market_id === odds!.id);
    expect(view.runners.map((r: { back: unknown[]; lay: unknown[] }) => [r.back.length, r.lay.length])).toEqual([
      [3, 3],
      [3, 3],
    ]);
    expect(view.runners[0].back[0].price).toBeCloseTo(3.3, 0);
    await expectInvariants(db, app.betting);
  }, 120_000);
});
