/**
 * The operator's market calls of the console (ADR 36) on PGlite and PostgreSQL: a settlement's
 * preview shows what the real declaration, void or rollback then moves (exchange, bookmaker,
 * fancy lines settled on their own run totals, a dead heat) and writes nothing; a market's
 * limits, bet delay and commission change through the betting service (memory, version and the
 * live push follow); a market's bets are listed with their users.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SPORT, type SettlementPreview } from '@exchange/contracts';
import {
  ledgerAccounts,
  ledgerTransfers,
  marketPositions,
  markets,
  orders,
  settlementResults,
} from '../../db/schema/index.ts';
import {
  createMarket,
  createMatchOdds,
  expectInvariants,
  firstMatchOf,
  newBettor,
} from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { LiveTestClient, type Received } from '../../test/live-client.ts';

describeEachDatabase('operator markets: settlement preview, market edits, market bets', (ctx) => {
  let admin: string;
  let agent1: string;
  const bettor: Record<string, { userId: number; token: string }> = {};
  let cricket: { matchId: number; matchName: string };
  const live: LiveTestClient[] = [];

  const { ok, refusal } = callsAs(ctx, () => admin);
  /** A bookmaker market on the cricket match, Home and Away quoted at these back rates (lay 5 above). */
  const bookmaker = async (
    name: string,
    [home, away]: [number, number],
    more: { commission_percent?: number } = {},
  ) => {
    const marketId = await createMarket(ctx(), admin, {
      match_id: cricket.matchId,
      kind: 'BOOKMAKER',
      market_type: 'BOOKMAKER',
      name,
      runners: [{ name: 'Home' }, { name: 'Away' }],
      ...more,
    });
    await ok('operatorSetBookmakerRates', {
      market_id: marketId,
      rates: [
        { selection_id: 1, back_rate: home, lay_rate: home + 5 },
        { selection_id: 2, back_rate: away, lay_rate: away + 5 },
      ],
    });
    return marketId;
  };
  const back = (who: string, marketId: number, selectionId: number, odds: number, stake: number) =>
    ok(
      'placeMarketBet',
      { market_id: marketId, selection_id: selectionId, is_back: 1, odds, stake },
      bettor[who]!.token,
    );
  const lay = (who: string, marketId: number, selectionId: number, odds: number, stake: number) =>
    ok(
      'placeMarketBet',
      { market_id: marketId, selection_id: selectionId, is_back: 0, odds, stake },
      bettor[who]!.token,
    );
  const fancy = (who: string, marketId: number, yes: boolean, run: number, stake: number) =>
    ok(
      'placeFancyBet',
      { fancy_id: marketId, is_back: yes ? 1 : 0, run, rate: 100, stake },
      bettor[who]!.token,
    );
  const preview = (body: Record<string, unknown>): Promise<SettlementPreview> =>
    ok('operatorPreviewSettlement', body);

  /** Every ledger account's balance and exposure, by account id. */
  const accounts = async () => new Map((await ctx().db.select().from(ledgerAccounts)).map((a) => [a.id, a]));

  /**
   * Runs the action and checks that it moved what the preview said: the users whose balance
   * changed (winners up, losers down), the sum of their changes, the house's, the exposure
   * released or reserved, the unmatched bets cancelled, and the commission it reports.
   */
  async function expectMoves(shown: SettlementPreview, action: () => Promise<{ commission: number }>) {
    const marketId = shown.market_id;
    const open = (
      await ctx()
        .db.select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(eq(orders.marketId, marketId))
    ).filter((o) => o.status === 'OPEN');
    const before = await accounts();
    const summary = await action();
    const after = await accounts();
    let users = 0;
    let winners = 0;
    let losers = 0;
    let usersNet = 0;
    let exposure = 0;
    let house = 0;
    let clearing = 0;
    for (const [id, a] of after) {
      // The house and clearing accounts open at their first posting.
      const b = before.get(id) ?? { balancePaise: 0, exposurePaise: 0 };
      const moved = a.balancePaise - b.balancePaise;
      if (a.kind === 'user') {
        if (moved !== 0) users++;
        if (moved > 0) winners++;
        if (moved < 0) losers++;
        usersNet += moved;
        exposure += a.exposurePaise - b.exposurePaise;
      }
      if (a.kind === 'house') house = moved;
      if (a.kind === 'clearing') clearing = moved;
    }
    // A rollback takes back from the declaration's winners and gives back to its losers.
    const reversed = shown.action === 'rollback';
    expect({ users, winners: reversed ? losers : winners, losers: reversed ? winners : losers }).toEqual({
      users: shown.users,
      winners: shown.winners,
      losers: shown.losers,
    });
    expect(usersNet / 100).toBeCloseTo(
      (reversed ? -1 : 1) * (shown.paid_to_winners - shown.taken_from_losers - shown.commission),
      2,
    );
    expect({ house: house / 100, clearing }).toEqual({ house: shown.house_net, clearing: 0 });
    expect(Math.abs(exposure) / 100).toBeCloseTo(shown.exposure, 2);
    expect(Math.sign(exposure)).toBe(reversed ? Math.sign(shown.exposure) : -Math.sign(shown.exposure));
    expect(summary.commission).toBeCloseTo(reversed ? -shown.commission : shown.commission, 2);
    const stillOpen = await ctx()
      .db.select({ status: orders.status })
      .from(orders)
      .where(eq(orders.marketId, marketId));
    expect(open.length).toBe(shown.unmatched_bets);
    expect(stillOpen.filter((o) => o.status === 'OPEN')).toEqual([]);
  }

  beforeAll(async () => {
    admin = await ctx().login('admin');
    agent1 = await ctx().login('agent1');
    for (const name of ['demo1', 'demo3']) bettor[name] = { userId: 0, token: await ctx().login(name) };
    for (const name of ['pbet1', 'pbet2']) bettor[name] = await newBettor(ctx(), agent1, name, 20_000);
    cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
  });

  afterEach(async () => {
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  afterAll(async () => {
    await Promise.all(live.map((c) => c.close()));
  });

  it('an exchange market: the preview of the declaration is what it moves, and so is the rollback preview', async () => {
    const marketId = await createMatchOdds(ctx(), admin, cricket.matchId, { commission_percent: 2 });
    await back('demo1', marketId, 1, 2, 100);
    await lay('pbet1', marketId, 1, 2, 100);
    // Rests unmatched: the declaration cancels it.
    await back('demo3', marketId, 2, 3, 100);

    const declared = await preview({ action: 'declare', market_id: marketId, winner_ids: [1] });
    expect(declared).toEqual({
      market_id: marketId,
      action: 'declare',
      users: 2,
      winners: 1,
      losers: 1,
      paid_to_winners: 100,
      taken_from_losers: 100,
      commission: 2,
      house_net: 2,
      exposure: 300,
      unmatched_bets: 1,
    });
    await expectMoves(declared, () => ok('operatorDeclareResult', { market_id: marketId, winner_ids: [1] }));

    const rollback = await preview({ action: 'rollback', market_id: marketId });
    expect(rollback).toMatchObject({
      action: 'rollback',
      users: 2,
      winners: 1,
      losers: 1,
      paid_to_winners: 100,
      commission: 2,
      house_net: -2,
      exposure: 200,
    });
    await expectMoves(rollback, () => ok('operatorRollbackResult', { market_id: marketId }));
    // Declared again the other way: the preview follows the new result.
    const again = await preview({ action: 'declare', market_id: marketId, winner_ids: [2] });
    expect(again).toMatchObject({
      users: 2,
      winners: 1,
      losers: 1,
      paid_to_winners: 100,
      taken_from_losers: 100,
      commission: 2,
      unmatched_bets: 0,
    });
    await expectMoves(again, () => ok('operatorDeclareResult', { market_id: marketId, winner_ids: [2] }));
  });

  it('a bookmaker market with commission: the preview is what the declaration moves; a voided bet refuses the rollback preview', async () => {
    const marketId = await bookmaker('Bookmaker (preview)', [90, 50], { commission_percent: 1 });
    const won = await back('pbet2', marketId, 1, 90, 1000);
    await back('demo3', marketId, 2, 50, 400);
    const shown = await preview({ action: 'declare', market_id: marketId, winner_ids: [1] });
    expect(shown).toMatchObject({
      users: 2,
      winners: 1,
      losers: 1,
      paid_to_winners: 900,
      taken_from_losers: 400,
      commission: 9,
      house_net: -491,
      unmatched_bets: 0,
    });
    await expectMoves(shown, () => ok('operatorDeclareResult', { market_id: marketId, winner_ids: [1] }));

    await ok('operatorVoidBet', { bet_id: won.bet_id, reason: 'VPN' });
    expect(
      await refusal('operatorPreviewSettlement', { action: 'rollback', market_id: marketId }),
    ).toMatchObject({
      status: 409,
      code: 'MARKET_HAS_VOIDED_BETS',
    });
  });

  it('fancy lines, each settled on its own run total (a second-innings line too): previews equal the moves', async () => {
    const fancyMarket = (name: string, line: number, commission = 0) =>
      createMarket(ctx(), admin, {
        match_id: cricket.matchId,
        kind: 'FANCY',
        market_type: 'FANCY',
        name,
        fancy: { no_line: line, no_rate: 100, yes_line: line + 1, yes_rate: 100 },
        commission_percent: commission,
      });
    const first = await fancyMarket('Home 6 Over Runs (preview)', 45, 5);
    const second = await fancyMarket('Away 6 Over Runs (preview)', 30);
    await fancy('demo1', first, true, 46, 100);
    await fancy('pbet1', first, false, 45, 200);
    await fancy('demo1', second, false, 30, 100);
    await fancy('pbet2', second, true, 31, 100);

    const one = await preview({ action: 'declare', market_id: first, runs: 50 });
    expect(one).toMatchObject({
      users: 2,
      winners: 1,
      losers: 1,
      paid_to_winners: 100,
      taken_from_losers: 200,
      commission: 5,
      house_net: 105,
    });
    await expectMoves(one, () => ok('operatorDeclareResult', { market_id: first, runs: 50 }));
    // The chasers' line settles on its own total, lower than the first line's.
    const two = await preview({ action: 'declare', market_id: second, runs: 25 });
    expect(two).toMatchObject({
      users: 2,
      winners: 1,
      losers: 1,
      paid_to_winners: 100,
      taken_from_losers: 100,
      commission: 0,
      house_net: 0,
    });
    await expectMoves(two, () => ok('operatorDeclareResult', { market_id: second, runs: 25 }));
    expect(
      await refusal('operatorPreviewSettlement', { action: 'declare', market_id: second, runs: 25 }),
    ).toMatchObject({
      status: 400,
      message: 'The market is already settled: roll it back first',
    });
  });

  it('a dead heat: the preview splits the stakes as the declaration does', async () => {
    const marketId = await createMatchOdds(ctx(), admin, cricket.matchId, {
      name: 'Top Batter (dead heat)',
      runners: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }],
      commission_percent: 2,
    });
    await back('demo1', marketId, 1, 3, 100);
    await lay('pbet1', marketId, 1, 3, 100);
    await back('demo3', marketId, 2, 4, 100);
    await lay('pbet1', marketId, 2, 4, 100);
    const body = { market_id: marketId, winner_ids: [1, 2], places: 1 };
    const shown = await preview({ action: 'declare', ...body });
    // One: 50 at 3.0 won (+100), 50 lost: +50. Two: 50 at 4.0 won (+150), 50 lost: +100. The layer pays 150.
    expect(shown).toMatchObject({
      users: 3,
      winners: 2,
      losers: 1,
      paid_to_winners: 150,
      taken_from_losers: 150,
      commission: 3,
      house_net: 3,
    });
    await expectMoves(shown, () => ok('operatorDeclareResult', body));
  });

  it('writes nothing: ledger, orders, positions, results and the market stay as they were', async () => {
    const open = await createMatchOdds(ctx(), admin, cricket.matchId, { name: 'Untouched' });
    await back('demo1', open, 1, 2, 200);
    await lay('pbet2', open, 1, 2, 100);
    const settled = await createMatchOdds(ctx(), admin, cricket.matchId, { name: 'Untouched (settled)' });
    await back('demo3', settled, 2, 2, 100);
    await lay('pbet1', settled, 2, 2, 100);
    await ok('operatorDeclareResult', { market_id: settled, winner_ids: [2] });

    const state = async () => ({
      transfers: await ctx().db.select().from(ledgerTransfers),
      accounts: await ctx().db.select().from(ledgerAccounts),
      orders: await ctx().db.select().from(orders).where(eq(orders.marketId, open)),
      positions: await ctx().db.select().from(marketPositions),
      results: await ctx().db.select().from(settlementResults),
      markets: await ctx().db.select().from(markets).where(eq(markets.id, open)),
    });
    const before = await state();
    const sort = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
    expect((await preview({ action: 'declare', market_id: open, winner_ids: [1] })).unmatched_bets).toBe(1);
    expect((await preview({ action: 'void', market_id: open })).users).toBe(0);
    expect((await preview({ action: 'rollback', market_id: settled })).users).toBe(2);
    const after = await state();
    expect(sort(after.transfers)).toEqual(sort(before.transfers));
    expect(sort(after.accounts)).toEqual(sort(before.accounts));
    expect(sort(after.orders)).toEqual(sort(before.orders));
    expect(sort(after.positions)).toEqual(sort(before.positions));
    expect(sort(after.results)).toEqual(sort(before.results));
    expect(after.markets).toEqual(before.markets);
    // The void preview: nobody's balance moves, the exposure is released, the unmatched rest cancelled.
    await expectMoves(await preview({ action: 'void', market_id: open }), () =>
      ok('operatorVoidMarket', { market_id: open }),
    );
  });

  it('refuses a preview of a market without a result to roll back, an unknown market and a bad action', async () => {
    const marketId = await createMatchOdds(ctx(), admin, cricket.matchId, { name: 'Refusals' });
    expect(
      await refusal('operatorPreviewSettlement', { action: 'rollback', market_id: marketId }),
    ).toMatchObject({
      status: 400,
      message: 'The market has no result to roll back',
    });
    expect(
      await refusal('operatorPreviewSettlement', { action: 'declare', market_id: marketId }),
    ).toMatchObject({
      status: 400,
      message: 'Name the winning selections (or void the market)',
    });
    expect(
      await refusal('operatorPreviewSettlement', { action: 'declare', market_id: marketId, winner_ids: [9] }),
    ).toMatchObject({ status: 400 });
    expect(await refusal('operatorPreviewSettlement', { action: 'void', market_id: 987_654 })).toMatchObject({
      status: 404,
      code: 'MARKET_NOT_FOUND',
    });
    expect(
      await refusal('operatorPreviewSettlement', { action: 'settle', market_id: marketId }),
    ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it("updates an open market's name, limits, bet delay and commission: memory, version and live subscribers follow", async () => {
    const marketId = await createMatchOdds(ctx(), admin, cricket.matchId, { name: 'Limits' });
    const origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const client = await LiveTestClient.connect(origin, bettor.demo1!.token);
    live.push(client);
    client.send({ op: 'subscribe', market_ids: [marketId] });
    await client.next(
      (m: Received): m is Extract<Received, { type: 'market_image' }> =>
        m.type === 'market_image' && m.market_id === marketId,
    );
    const from = client.mark();

    const before = (await ok('operatorGetMarkets', { match_id: cricket.matchId })).find(
      (m: { market_id: number }) => m.market_id === marketId,
    );
    const saved = await ok('operatorUpdateMarket', {
      market_id: marketId,
      name: 'Limits (edited)',
      max_stake: 500,
      bet_delay_ms: 1500,
      commission_percent: 3.5,
    });
    expect(saved).toMatchObject({
      market_id: marketId,
      name: 'Limits (edited)',
      min_stake: before.min_stake,
      max_stake: 500,
      bet_delay_ms: 1500,
      commission_percent: 3.5,
    });
    expect(saved.version).toBe(before.version + 1);
    const delta = await client.next(
      (m: Received): m is Extract<Received, { type: 'market_delta' }> =>
        m.type === 'market_delta' && m.market_id === marketId,
      { from },
    );
    expect(delta.changes).toMatchObject({
      name: 'Limits (edited)',
      max_stake: 500,
      bet_delay_ms: 1500,
      commission_percent: 3.5,
    });
    // The bet path reads the new limit at once.
    expect(
      await refusal(
        'placeMarketBet',
        { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 600 },
        bettor.demo1!.token,
      ),
    ).toMatchObject({
      status: 400,
      code: 'ABOVE_MAX_STAKE',
    });
    await back('demo1', marketId, 1, 2, 500);

    expect(await refusal('operatorUpdateMarket', { market_id: marketId })).toMatchObject({
      status: 400,
      message: 'Give at least one field to change',
    });
    expect(await refusal('operatorUpdateMarket', { market_id: marketId, min_stake: 1000 })).toMatchObject({
      status: 400,
      message: 'Max stake must not be below min stake',
    });
    expect(
      await refusal('operatorUpdateMarket', { market_id: marketId, commission_percent: 1.234 }),
    ).toMatchObject({ status: 400 });
    expect(await refusal('operatorUpdateMarket', { market_id: marketId, max_stake: 0 })).toMatchObject({
      status: 400,
    });
    expect(await refusal('operatorUpdateMarket', { market_id: 987_654, name: 'x' })).toMatchObject({
      status: 404,
      code: 'MARKET_NOT_FOUND',
    });
    await ok('operatorVoidMarket', { market_id: marketId });
    expect(await refusal('operatorUpdateMarket', { market_id: marketId, name: 'Too late' })).toMatchObject({
      status: 400,
      code: 'MARKET_CLOSED',
    });
  });

  it("lists a market's bets with their users and selections, by user name and page; a voided bet says so", async () => {
    const marketId = await bookmaker('Bookmaker (bets)', [80, 40]);
    const first = await back('demo1', marketId, 1, 80, 200);
    await back('pbet1', marketId, 2, 40, 100);
    await back('demo1', marketId, 2, 40, 100);
    const page = await ok('operatorGetMarketBets', { market_id: marketId });
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(
      page.rows.map((r: { user_name: string; selection_name: string; price: number; stake: number }) => [
        r.user_name,
        r.selection_name,
        r.price,
        r.stake,
      ]),
    ).toEqual([
      ['demo1', 'Away', 40, 100],
      ['pbet1', 'Away', 40, 100],
      ['demo1', 'Home', 80, 200],
    ]);
    expect(page.rows[2]).toMatchObject({
      bet_id: first.bet_id,
      side: 'BACK',
      matched: 200,
      status: 'MATCHED',
      outcome: null,
      pnl: null,
      voided: false,
      ip: null,
      line: null,
    });
    const mine = await ok('operatorGetMarketBets', {
      market_id: marketId,
      search: 'DEMO',
      limit: 1,
      page: 2,
    });
    expect(mine).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(mine.rows.map((r: { bet_id: number }) => r.bet_id)).toEqual([first.bet_id]);

    await ok('operatorDeclareResult', { market_id: marketId, winner_ids: [1] });
    await ok('operatorVoidBet', { bet_id: first.bet_id, reason: 'ROBOT' });
    const settled = await ok('operatorGetMarketBets', { market_id: marketId });
    expect(settled.rows[2]).toMatchObject({
      bet_id: first.bet_id,
      status: 'SETTLED',
      outcome: 'WON',
      pnl: 160,
      voided: true,
    });
    expect(settled.rows[1]).toMatchObject({ status: 'SETTLED', outcome: 'LOST', pnl: -100, voided: false });

    expect(await refusal('operatorGetMarketBets', { market_id: 987_654 })).toMatchObject({
      status: 404,
      code: 'MARKET_NOT_FOUND',
    });
    expect(await refusal('operatorGetMarketBets', { market_id: marketId, limit: 500 })).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });
});
