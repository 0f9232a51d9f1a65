/**
 * An agent's reads of a downline user (ADR 32, ADR 35) on PGlite and PostgreSQL: agent1 reads
 * demo1's account statement and current bets exactly as demo1 reads its own; a second agent,
 * the caller itself and a missing id are all answered 404 'User not found'; the root reads
 * anyone. (A bettor's 403 on every agent/ call is in agent.test.ts.)
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { SPORT, type EndpointName } from '@exchange/contracts';
import { createMatchOdds, expectInvariants, firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const NOT_FOUND = { status: false, message: 'User not found', code: 'NOT_FOUND' };
const ALL_DAYS = { from_date: '2020-01-01', to_date: '2099-12-31' };

describeEachDatabase("an agent's reads of a downline user", (ctx) => {
  let admin: string;
  let agent1: string;
  let agent2: string;
  let demo1: string;
  const ids: Record<string, number> = {};
  let marketId: number;

  const call = (name: EndpointName, body: unknown, token: string) => ctx().call(name, body, token);
  const ok = async (name: EndpointName, body: unknown, token: string) => {
    const res = await call(name, body, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };

  beforeAll(async () => {
    admin = await ctx().login('admin');
    agent1 = await ctx().login('agent1');
    demo1 = await ctx().login('demo1');
    for (const token of [admin, agent1]) {
      for (const row of (await ok('agentGetDownline', { page: 1, limit: 100 }, token)).rows)
        ids[row.user_name] = row.user_id;
    }
    ids.admin = (await ok('agentGetDownline', { page: 1, limit: 1 }, admin)).parent_id;
    const created = await ok(
      'agentCreateUser',
      { user_name: 'readagent2', password: 'Agent@1234', role: 'agent' },
      admin,
    );
    ids.agent2 = created.user_id;
    const first = await ctx().login('readagent2', 'Agent@1234');
    await ok(
      'changePassword',
      { master_password: 'Agent@1234', new_password: 'Agent@5678', confirm_password: 'Agent@5678' },
      first,
    );
    agent2 = await ctx().login('readagent2', 'Agent@5678');

    const cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    marketId = await createMatchOdds(ctx(), admin, cricket.matchId);
    // demo1: one unmatched bet; agent1 moves chips to it, so its statement has a row.
    await ok(
      'placeMarketBet',
      { market_id: marketId, selection_id: 1, is_back: 1, odds: 3, stake: 150 },
      demo1,
    );
    await ok(
      'agentTransferChips',
      { user_id: ids.demo1, amount: 25, direction: 'deposit', client_ref: 'reads-1' },
      agent1,
    );
  });

  afterEach(async () => {
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  it("reads a downline user's statement exactly as the user reads its own, with the same filters", async () => {
    for (const filter of [
      { ...ALL_DAYS, page: 1, limit: 20 },
      { ...ALL_DAYS, statement_type: 'deposit', page: 1, limit: 1 },
      { ...ALL_DAYS, statement_type: 'casino' },
    ]) {
      const own = await ok('getUserAccountStatementHistory', filter, demo1);
      expect(await ok('agentGetUserStatement', { ...filter, user_id: ids.demo1 }, agent1)).toEqual(own);
      expect(await ok('agentGetUserStatement', { ...filter, user_id: ids.demo1 }, admin)).toEqual(own);
    }
    const page = await ok('agentGetUserStatement', { ...ALL_DAYS, user_id: ids.demo1 }, agent1);
    expect(page.rows[0]).toMatchObject({ credit: 25, debit: 0, type: 'deposit' });
  });

  it("reads a downline user's current bets exactly as the user reads its own", async () => {
    for (const filter of [
      {},
      { bet_type: 'unmatched' },
      { bet_type: 'matched' },
      { sport_id: SPORT.CRICKET },
    ]) {
      const own = await ok('getCurrentBets', filter, demo1);
      expect(await ok('agentGetUserBets', { ...filter, user_id: ids.demo1 }, agent1)).toEqual(own);
    }
    const bets = await ok('agentGetUserBets', { user_id: ids.demo1 }, agent1);
    expect(bets).toHaveLength(1);
    expect(bets[0]).toMatchObject({ market_id: marketId, stake: 150, status: 'UNMATCHED' });
  });

  it("answers another agent's user, the caller itself and a missing id exactly alike: 404 'User not found'", async () => {
    const cases: [string, number][] = [
      ['agent2 on demo1', ids.demo1!],
      ['agent2 on agent1', ids.agent1!],
      ['agent2 on the root', ids.admin!],
      ['agent2 on itself', ids.agent2!],
      ['agent2 on a missing id', 999_999],
    ];
    for (const [what, userId] of cases) {
      for (const [name, body] of [
        ['agentGetUserStatement', { ...ALL_DAYS, user_id: userId }],
        ['agentGetUserBets', { user_id: userId }],
      ] as const) {
        const res = await call(name, body, agent2);
        expect({ what, name, status: res.statusCode, json: res.json }).toEqual({
          what,
          name,
          status: 404,
          json: NOT_FOUND,
        });
      }
    }
    // agent1 on itself and on its parent, too.
    for (const userId of [ids.agent1!, ids.admin!]) {
      const res = await call('agentGetUserBets', { user_id: userId }, agent1);
      expect({ status: res.statusCode, json: res.json }).toEqual({ status: 404, json: NOT_FOUND });
    }
  });

  it('validates the filter after the scope: bad dates are 400', async () => {
    const res = await call(
      'agentGetUserStatement',
      { user_id: ids.demo1, from_date: '2026-02-10', to_date: '2026-02-01' },
      agent1,
    );
    expect({ status: res.statusCode, code: res.json.code }).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });
});
