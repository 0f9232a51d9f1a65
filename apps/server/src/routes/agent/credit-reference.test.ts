/**
 * The credit reference (ADR 48) on PGlite and PostgreSQL, through agent/getDownline as the
 * console reads it: the worked example of issue 22 (a reference of 10,000, a deposit of 10,000
 * and a real loss of 2,500 on a bookmaker market: balance 7,500, P/L -2,500; the reference raised
 * to 12,000: P/L -4,500, the balance unchanged), no chips moved, the change in the account's
 * activity log, and only for a direct account.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { SPORT, type EndpointName } from '@exchange/contracts';
import {
  balanceOf,
  createMarket,
  expectInvariants,
  firstMatchOf,
  newBettor,
  statementRows,
} from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const NOT_FOUND = { status: false, message: 'User not found', code: 'NOT_FOUND' };

describeEachDatabase('the credit reference', (ctx) => {
  let admin: string;
  let agent1: string;
  let bettor: { userId: number; token: string };

  const call = (name: EndpointName, body: unknown, token: string) => ctx().call(name, body, token);
  const ok = async (name: EndpointName, body: unknown, token: string) => {
    const res = await call(name, body, token);
    expect(res.statusCode, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
    return res.json.data;
  };
  /** The bettor's row in agent1's downline, the figures the console shows. */
  const bettorRow = async () => {
    const page = await ok('agentGetDownline', { page: 1, limit: 10, search: 'credit_punter' }, agent1);
    const { credit_reference, credit_limit, balance, client_pl, exposure, available } = page.rows[0];
    return { credit_reference, credit_limit, balance, client_pl, exposure, available };
  };

  beforeAll(async () => {
    admin = await ctx().login('admin');
    agent1 = await ctx().login('agent1');
    // A deposit of 10,000 from agent1.
    bettor = await newBettor(ctx(), agent1, 'credit_punter', 10_000);
  });

  afterEach(async () => {
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  it('shows balance 7,500 and P/L -2,500 against 10,000 after a loss of 2,500; raised to 12,000, P/L -4,500 and the balance unchanged', async () => {
    expect(
      await ok('agentSetCreditReference', { user_id: bettor.userId, credit_reference: 10_000 }, agent1),
    ).toEqual({
      user_id: bettor.userId,
      credit_reference: 10_000,
      balance: 10_000,
      client_pl: 0,
    });

    // A real loss: 2,500 backed at the house's rate on a bookmaker market its runner loses.
    const cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    const market = await createMarket(ctx(), admin, {
      match_id: cricket.matchId,
      kind: 'BOOKMAKER',
      market_type: 'BOOKMAKER',
      name: 'Bookmaker',
      runners: [{ name: 'Home' }, { name: 'Away' }],
    });
    await ok(
      'operatorSetBookmakerRates',
      { market_id: market, rates: [{ selection_id: 1, back_rate: 90, lay_rate: 95 }] },
      admin,
    );
    await ok(
      'placeMarketBet',
      { market_id: market, selection_id: 1, is_back: 1, odds: 90, stake: 2_500 },
      bettor.token,
    );
    expect(await bettorRow()).toMatchObject({ balance: 10_000, exposure: 2_500, available: 7_500 });
    await ok('operatorDeclareResult', { market_id: market, winner_ids: [2] }, admin);

    expect(await bettorRow()).toEqual({
      credit_reference: 10_000,
      credit_limit: 10_000,
      balance: 7_500,
      client_pl: -2_500,
      exposure: 0,
      available: 7_500,
    });

    const agentBefore = (await balanceOf(ctx(), agent1)).total_balance;
    const statementBefore = await statementRows(ctx(), bettor.token);
    expect(
      await ok('agentSetCreditReference', { user_id: bettor.userId, credit_reference: 12_000 }, agent1),
    ).toEqual({
      user_id: bettor.userId,
      credit_reference: 12_000,
      balance: 7_500,
      client_pl: -4_500,
    });
    expect(await bettorRow()).toEqual({
      credit_reference: 12_000,
      credit_limit: 12_000,
      balance: 7_500,
      client_pl: -4_500,
      exposure: 0,
      available: 7_500,
    });
    // It moves no chips: neither balance nor either statement changed.
    expect((await balanceOf(ctx(), agent1)).total_balance).toBe(agentBefore);
    expect(await statementRows(ctx(), bettor.token)).toEqual(statementBefore);
  });

  it("records each change in the account's activity log, before and after, with the agent who made it", async () => {
    const log = await ok('agentGetUserActivityLog', { user_id: bettor.userId }, agent1);
    expect(
      log.rows
        .filter((r: { kind: string }) => r.kind === 'CREDIT_REFERENCE_CHANGED')
        .map((r: { description: string; by: string }) => ({ description: r.description, by: r.by })),
    ).toEqual([
      { description: 'Credit reference changed: ₹10,000.00 → ₹12,000.00', by: 'agent1' },
      { description: 'Credit reference changed: ₹0.00 → ₹10,000.00', by: 'agent1' },
    ]);
  });

  it('sets it for a direct account only: deeper is 403, foreign or missing is 404, a negative one is refused', async () => {
    const deeper = await call(
      'agentSetCreditReference',
      { user_id: bettor.userId, credit_reference: 1 },
      admin,
    );
    expect({ status: deeper.statusCode, code: deeper.json.code }).toEqual({
      status: 403,
      code: 'NOT_DIRECT_USER',
    });
    const other = await newBettor(ctx(), admin, 'credit_other', 1);
    for (const userId of [other.userId, 2_000_000_000]) {
      const foreign = await call('agentSetCreditReference', { user_id: userId, credit_reference: 1 }, agent1);
      expect({ userId, status: foreign.statusCode, json: foreign.json }).toEqual({
        userId,
        status: 404,
        json: NOT_FOUND,
      });
    }
    // Nor its own: an agent's credit reference is its parent's to keep.
    const agent1Id = (await ok('agentGetDownline', { page: 1, limit: 1 }, agent1)).parent_id;
    const own = await call('agentSetCreditReference', { user_id: agent1Id, credit_reference: 1 }, agent1);
    expect({ status: own.statusCode, json: own.json }).toEqual({ status: 404, json: NOT_FOUND });
    const negative = await call(
      'agentSetCreditReference',
      { user_id: bettor.userId, credit_reference: -1 },
      agent1,
    );
    expect({ status: negative.statusCode, message: negative.json.message }).toEqual({
      status: 400,
      message: 'Credit reference must not be negative',
    });
    expect(await bettorRow()).toMatchObject({ credit_reference: 12_000, client_pl: -4_500 });
  });
});
