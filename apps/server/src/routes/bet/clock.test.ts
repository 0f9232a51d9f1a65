/** Rules that depend on the clock: binary session hours (IST) and void football after 48 hours. */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SPORT, IST_OFFSET_MS } from '@exchange/contracts';
import { matches, orders } from '../../db/schema/index.ts';
import { balanceOf, createMarket, expectInvariants, firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';

/** Milliseconds from `now` to the next instant at IST hh:mm on a day accepted by `dayOk` (0 = Sunday). */
function untilIst(now: Date, hour: number, minute: number, dayOk: (day: number) => boolean): number {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  for (let d = 0; d < 8; d++) {
    const target =
      Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + d, hour, minute) - IST_OFFSET_MS;
    if (target > now.getTime() + 1000 && dayOk(new Date(target + IST_OFFSET_MS).getUTCDay()))
      return target - now.getTime();
  }
  throw new Error('no such time');
}
const weekday = (d: number) => d >= 1 && d <= 5;

describeEachDatabase('betting by the clock', (ctx) => {
  let admin: string;
  let demo1: string;
  beforeAll(async () => {
    admin = await ctx().login('admin');
    demo1 = await ctx().login('demo1');
  });

  it('voids a football market whose match did not start within 48 hours of kick-off, and no other', async () => {
    const match = await firstMatchOf(ctx().db, SPORT.FOOTBALL, false);
    const [row] = await ctx().db.select().from(matches).where(eq(matches.matchId, match.matchId));
    const stale = await createMarket(ctx(), admin, {
      match_id: match.matchId,
      kind: 'EXCHANGE',
      market_type: 'MATCH_ODDS',
      name: 'Match Odds',
      runners: [{ name: 'Home' }, { name: 'Away' }, { name: 'The Draw' }],
    });
    const played = await createMarket(ctx(), admin, {
      match_id: match.matchId,
      kind: 'EXCHANGE',
      market_type: 'MATCH_ODDS',
      name: 'Played',
      runners: [{ name: 'Home' }, { name: 'Away' }],
    });
    const demo3 = await ctx().login('demo3');
    await ctx().call(
      'placeMarketBet',
      { market_id: stale, selection_id: 1, is_back: 0, odds: 2.5, stake: 400 },
      demo3,
    );
    await ctx().call(
      'placeMarketBet',
      { market_id: stale, selection_id: 1, is_back: 1, odds: 2.5, stake: 400 },
      demo1,
    );
    await ctx().call('operatorSetMarketStatus', { market_id: played, status: 'OPEN', in_play: true }, admin);
    const before = await balanceOf(ctx(), demo1);

    // Not yet: 47 hours after kick-off.
    ctx().advanceClock(row!.startTime.getTime() - ctx().now().getTime() + 47 * 3_600_000);
    expect(await ctx().app.betting.voidStaleFootball(ctx().now())).toEqual([]);
    ctx().advanceClock(2 * 3_600_000);
    expect(await ctx().app.betting.voidStaleFootball(ctx().now())).toEqual([stale]);
    const bets = await ctx().db.select().from(orders).where(eq(orders.marketId, stale));
    expect(bets.map((b) => b.status)).toEqual(['VOID', 'VOID']);
    expect(await balanceOf(ctx(), demo1)).toMatchObject({
      total_balance: before.total_balance,
      liability: before.liability - 400,
    });
    expect(await ctx().app.betting.voidStaleFootball(ctx().now())).toEqual([]);
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  it('takes binary session bets only inside their IST hours', async () => {
    const match = await firstMatchOf(ctx().db, SPORT.CRICKET);
    const index = await createMarket(ctx(), admin, {
      match_id: match.matchId,
      kind: 'FANCY',
      market_type: 'BINARY',
      name: 'NIFTY 50 close',
      session: 'INDEX',
      fancy: { no_line: 24500, no_rate: 100, yes_line: 24500, yes_rate: 100 },
    });
    const gold = await createMarket(ctx(), admin, {
      match_id: match.matchId,
      kind: 'FANCY',
      market_type: 'BINARY',
      name: 'GOLD close',
      session: 'COMMODITY',
      fancy: { no_line: 76000, no_rate: 100, yes_line: 76000, yes_rate: 100 },
    });
    const us = await createMarket(ctx(), admin, {
      match_id: match.matchId,
      kind: 'FANCY',
      market_type: 'BINARY',
      name: 'DOW close',
      session: 'US_INDEX',
      fancy: { no_line: 44000, no_rate: 100, yes_line: 44000, yes_rate: 100 },
    });
    const yes = (market: number, line: number) =>
      ctx().call('placeFancyBet', { fancy_id: market, is_back: 1, run: line, rate: 100, stake: 100 }, demo1);

    ctx().advanceClock(untilIst(ctx().now(), 3, 0, () => true)); // 03:00 IST: everything is shut
    const shut = await yes(index, 24500);
    expect(shut.json).toMatchObject({
      status: false,
      code: 'MARKET_NOT_OPEN_HOURS',
      message: 'This market takes bets only Monday to Friday 10:00-14:30 IST',
    });
    expect((await yes(gold, 76000)).json.code).toBe('MARKET_NOT_OPEN_HOURS');
    expect((await yes(us, 44000)).json.message).toBe('This market takes bets only 19:30-24:00 IST');

    ctx().advanceClock(untilIst(ctx().now(), 12, 0, weekday)); // a weekday noon: index and gold
    expect((await yes(index, 24500)).json.data).toMatchObject({ status: 'MATCHED', run: 24500 });
    expect((await yes(gold, 76000)).statusCode).toBe(200);
    expect((await yes(us, 44000)).json.code).toBe('MARKET_NOT_OPEN_HOURS');

    ctx().advanceClock(untilIst(ctx().now(), 23, 59, () => true)); // 23:59: US indices only
    expect((await yes(us, 44000)).statusCode).toBe(200);
    expect((await yes(gold, 76000)).json.code).toBe('MARKET_NOT_OPEN_HOURS');

    ctx().advanceClock(untilIst(ctx().now(), 12, 0, (d) => d === 6)); // Saturday noon: no index stocks
    expect((await yes(index, 24500)).json.code).toBe('MARKET_NOT_OPEN_HOURS');
    expect((await yes(gold, 76000)).statusCode).toBe(200);

    const view = (
      await ctx().call('getMatchDetail', { match_id: match.matchId }, demo1)
    ).json.data.markets.find((m: { market_id: number }) => m.market_id === index);
    expect(view).toMatchObject({
      market_type: 'BINARY',
      session_hours: { open: '10:00', close: '14:30', weekdays_only: true },
    });
    await ctx().call('operatorDeclareResult', { market_id: index, runs: 24612 }, admin);
    await expectInvariants(ctx().db, ctx().app.betting);
  });
});
