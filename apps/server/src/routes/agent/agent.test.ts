/**
 * The agent calls (ADR 32) on PGlite and PostgreSQL: agent1 acts on its downline (demo1..3), a
 * second agent sees agent1's users as missing on every call, a bettor is refused every call;
 * chips move exactly once per client_ref, withdraws cannot take what is at risk, and money is
 * conserved; created and reset accounts must change the password; login and bet locks hold at once.
 */
import { like } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { endpoints, SPORT, type EndpointName } from '@exchange/contracts';
import { ledgerTransfers } from '../../db/schema/index.ts';
import { balanceOf, createMatchOdds, expectInvariants, firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const AGENT_CALLS = (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n].path.startsWith('agent/'));
const NOT_FOUND = { status: false, message: 'User not found', code: 'NOT_FOUND' };
const NEW_PASSWORD = 'Agent@1234';

describeEachDatabase('agents and their downline', (ctx) => {
  let admin: string;
  let agent1: string;
  let agent2: string;
  const ids: Record<string, number> = {};
  let marketId: number;
  let cricketId: number;

  const call = (name: EndpointName, body: unknown, token: string) => ctx().call(name, body, token);
  const downline = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await call('agentGetDownline', { page: 1, limit: 100, ...body }, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const chips = (token: string, body: Record<string, unknown>) => call('agentTransferChips', body, token);
  const totalOf = async (token: string) => (await balanceOf(ctx(), token)).total_balance;

  beforeAll(async () => {
    admin = await ctx().login('admin');
    agent1 = await ctx().login('agent1');
    const top = await downline(admin);
    ids.admin = top.parent_id;
    for (const row of top.rows) ids[row.user_name] = row.user_id;
    for (const row of (await downline(agent1)).rows) ids[row.user_name] = row.user_id;
    // A second agent, created by the root, which must change its password first.
    const created = await call('agentCreateUser', { user_name: 'agent2', password: NEW_PASSWORD, role: 'agent' }, admin);
    expect(created.statusCode, JSON.stringify(created.json)).toBe(200);
    ids.agent2 = created.json.data.user_id;
    const first = await ctx().login('agent2', NEW_PASSWORD);
    const changed = await call('changePassword', { master_password: NEW_PASSWORD, new_password: 'Agent@5678', confirm_password: 'Agent@5678' }, first);
    expect(changed.statusCode).toBe(200);
    agent2 = await ctx().login('agent2', 'Agent@5678');
    const cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    cricketId = cricket.matchId;
    marketId = await createMatchOdds(ctx(), admin, cricket.matchId);
  });

  afterEach(async () => {
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  it('lists the direct users of agent1 with their money and locks, searchable and paged', async () => {
    const page = await downline(agent1, { search: 'demo' });
    expect(page.parent_id).toBe(ids.agent1);
    expect(page.total).toBe(3);
    expect(page.rows.map((r: { user_name: string }) => r.user_name)).toEqual(['demo1', 'demo2', 'demo3']);
    for (const row of page.rows) {
      expect(row).toMatchObject({ role: 'user', login_locked: false, bet_locked: false });
      expect(row.available).toBeCloseTo(row.balance - row.exposure, 2);
      expect(row.downline_balance).toBeUndefined();
    }
    const paged = await downline(agent1, { search: 'demo', page: 2, limit: 2 });
    expect({ total: paged.total, names: paged.rows.map((r: { user_name: string }) => r.user_name) }).toEqual({ total: 3, names: ['demo3'] });
    // The root sees agent1 with the sums of its downline.
    const top = await downline(admin, { search: 'agent1' });
    const agentRow = top.rows.find((r: { user_name: string }) => r.user_name === 'agent1');
    const sum = page.rows.reduce((s: number, r: { balance: number }) => s + r.balance, 0);
    const all = await downline(agent1);
    const allSum = all.rows.reduce((s: number, r: { balance: number }) => s + r.balance, 0);
    expect(sum).toBeGreaterThan(0);
    expect(agentRow.downline_balance).toBeCloseTo(allSum, 2);
    // The root may read agent1's children by parent_id; a search without one looks at every depth.
    expect((await downline(admin, { parent_id: ids.agent1, search: 'demo' })).total).toBe(3);
    expect((await downline(admin, { search: 'demo' })).rows.map((r: { user_name: string }) => r.user_name)).toEqual(['demo1', 'demo2', 'demo3']);
    expect((await downline(admin, { parent_id: ids.admin, search: 'demo' })).total).toBe(0);
  });

  it('creates a bettor under the caller that must change its password at first login; a taken name is refused', async () => {
    const res = await call('agentCreateUser', { user_name: 'newbie1', password: NEW_PASSWORD, role: 'user', mobile: '9876543210', credit_limit: 500 }, agent1);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ user_name: 'newbie1', role: 'user', parent_id: ids.agent1, is_change_password: '1' });
    ids.newbie1 = res.json.data.user_id;
    const login = await call('login', { user_name: 'newbie1', password: NEW_PASSWORD }, '');
    expect(login.json.data).toMatchObject({ is_change_password: '1', parent_id: ids.agent1, total_balance: 0 });
    const bet = await call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 100 }, login.json.data.usertoken);
    expect(bet.json.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const taken = await call('agentCreateUser', { user_name: 'DEMO1', password: NEW_PASSWORD, role: 'user' }, agent1);
    expect({ status: taken.statusCode, code: taken.json.code }).toEqual({ status: 409, code: 'USER_EXISTS' });
    const weak = await call('agentCreateUser', { user_name: 'newbie2', password: 'short', role: 'user' }, agent1);
    expect({ status: weak.statusCode, code: weak.json.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    const role = await call('agentCreateUser', { user_name: 'newbie2', password: NEW_PASSWORD, role: 'root' }, agent1);
    expect(role.statusCode).toBe(400);
  });

  it("answers a second agent on every agent call about agent1's users exactly like a missing id", async () => {
    const targets = [ids.demo1!, ids.agent1!, ids.admin!];
    for (const missing of [999_999, ...targets]) {
      const answers = [
        await call('agentGetDownline', { parent_id: missing, page: 1, limit: 10 }, agent2),
        await chips(agent2, { user_id: missing, amount: 1, direction: 'deposit', client_ref: `x-${missing}` }),
        await chips(agent2, { user_id: missing, amount: 1, direction: 'withdraw', client_ref: `y-${missing}` }),
        await call('agentSetUserStatus', { user_id: missing, login_locked: true }, agent2),
        await call('agentResetPassword', { user_id: missing, new_password: NEW_PASSWORD }, agent2),
      ];
      for (const res of answers) expect({ missing, status: res.statusCode, json: res.json }).toEqual({ missing, status: 404, json: NOT_FOUND });
    }
    // Its own downline is empty, and what it creates is its own.
    expect((await downline(agent2)).total).toBe(0);
    const own = await call('agentCreateUser', { user_name: 'a2user', password: NEW_PASSWORD, role: 'user' }, agent2);
    expect(own.json.data.parent_id).toBe(ids.agent2);
    expect((await downline(agent2)).rows.map((r: { user_name: string }) => r.user_name)).toEqual(['a2user']);
    // Nothing of agent1's changed.
    expect((await downline(agent1, { search: 'demo1' })).rows[0]).toMatchObject({ login_locked: false, bet_locked: false });
    await ctx().login('demo1');
  });

  it("reaches nothing of agent1's with any agent call: every call that names a user or a request answers 404", async () => {
    // demo3's seeded payment requests are addressed to agent1.
    const requests = await call('agentGetPaymentRequests', { page: 1, limit: 100 }, agent1);
    // The pending one: a decision that got through would show.
    const requestId: number = requests.json.data.rows.find((r: { user_name: string; status: string }) => r.user_name === 'demo3' && r.status === 'PENDING').request_id;
    const day = new Date().toISOString().slice(0, 10);
    // One body per call that names someone else's user (or agent1's request); the calls that
    // name nobody act on the caller's own (listed apart, checked below).
    const naming: Partial<Record<EndpointName, (id: number) => unknown>> = {
      agentGetDownline: (id) => ({ parent_id: id, page: 1, limit: 10 }),
      agentTransferChips: (id) => ({ user_id: id, amount: 1, direction: 'withdraw', client_ref: `every-${id}` }),
      agentSetUserStatus: (id) => ({ user_id: id, bet_locked: true }),
      agentResetPassword: (id) => ({ user_id: id, new_password: NEW_PASSWORD }),
      agentGetUserStatement: (id) => ({ user_id: id, from_date: '2020-01-01', to_date: day }),
      agentGetUserBets: (id) => ({ user_id: id }),
      agentGetUserProfile: (id) => ({ user_id: id }),
      agentGetUserActivityLog: (id) => ({ user_id: id }),
      agentGetUserProfitLoss: (id) => ({ user_id: id, from_date: '2020-01-01', to_date: day }),
      agentDecidePaymentRequest: () => ({ request_id: requestId, approve: true }),
      agentGetPaymentReceipt: () => ({ request_id: requestId }),
      agentRecordSettlement: (id) => ({
        user_id: id,
        amount: 1,
        direction: 'RECEIVED',
        client_ref: `every-${id}`,
      }),
      agentGetSettlementLedger: (id) => ({ user_id: id }),
      agentSetAccountTerms: (id) => ({ user_id: id, match_commission: 1 }),
      agentSetCreditReference: (id) => ({ user_id: id, credit_reference: 100 }),
      agentSetUserLimits: (id) => ({ user_id: id, max_stake: 100 }),
    };
    const ownOnly: EndpointName[] = [
      'agentCreateUser',
      'agentGetPaymentRequests',
      'agentSetPaymentDetails',
      'agentGetDashboard',
      'agentGetMarketBook',
      'agentGetSharedAccounts',
      'agentGetCollectionReport',
      'agentGetPartyWinLoss',
      'agentGetPlusMinusReport',
    ];
    expect([...Object.keys(naming), ...ownOnly].sort()).toEqual([...AGENT_CALLS].sort());
    for (const [name, body] of Object.entries(naming) as [EndpointName, (id: number) => unknown][]) {
      for (const target of [ids.demo3!, ids.agent1!]) {
        const res = await call(name, body(target), agent2);
        const message = name.includes('Payment') ? 'Payment request not found' : 'User not found';
        expect({ name, target, status: res.statusCode, json: res.json }).toEqual({ name, target, status: 404, json: { status: false, message, code: 'NOT_FOUND' } });
      }
    }
    // The calls that name nobody show agent2 none of agent1's: not demo3's request, not demo1's bet.
    const listed = await call('agentGetPaymentRequests', { page: 1, limit: 100 }, agent2);
    expect(listed.json.data.rows.map((r: { request_id: number }) => r.request_id)).not.toContain(requestId);
    const bet = await call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 100 }, await ctx().login('demo1'));
    expect(bet.statusCode, JSON.stringify(bet.json)).toBe(200);
    const [agent1Book] = (await call('agentGetMarketBook', { market_id: marketId }, agent1)).json.data;
    expect({ exposure: agent1Book.exposure, users: agent1Book.users }).toEqual({ exposure: 100, users: 1 });
    const [agent2Book] = (await call('agentGetMarketBook', { market_id: marketId }, agent2)).json.data;
    expect({ exposure: agent2Book.exposure, users: agent2Book.users, pnl: agent2Book.runners.map((r: { house_pnl: number }) => r.house_pnl) }).toEqual({ exposure: 0, users: 0, pnl: [0, 0] });
    expect((await call('agentGetMarketBook', {}, agent2)).json.data).toEqual([]);
    const dashboard = (await call('agentGetDashboard', undefined, agent2)).json.data;
    expect(dashboard.top_markets).toEqual([]);
    expect(dashboard.pending_payments).toEqual({ deposits: 0, deposit_amount: 0, withdrawals: 0, withdrawal_amount: 0 });
    expect({ users: dashboard.downline.users, agents: dashboard.downline.agents, exposure: dashboard.downline.exposure }).toEqual({ users: 1, agents: 0, exposure: 0 });
    expect((await call('agentGetDashboard', undefined, agent1)).json.data.top_markets.map((m: { market_id: number }) => m.market_id)).toContain(marketId);
    // The shared-accounts report: agent1's users, who all log in from one address, are not agent2's.
    for (const by of ['address', 'mobile']) {
      const shared = (await call('agentGetSharedAccounts', { by }, agent2)).json.data;
      expect(shared.groups.flatMap((g: { users: { user_name: string }[] }) => g.users.map((u) => u.user_name))).toEqual([]);
    }
    // The settlement reports list the caller's own direct accounts and its upline only.
    const collection = (await call('agentGetCollectionReport', undefined, agent2)).json.data;
    expect(
      [...collection.receive_from, ...collection.pay_to, ...collection.square].map(
        (r: { user_name: string; upline: boolean }) => [r.user_name, r.upline],
      ),
    ).toEqual([
      ['a2user', false],
      ['admin', true],
    ]);
    const party = await call('agentGetPartyWinLoss', { from_date: '2020-01-01', to_date: day }, agent2);
    expect(party.json.data.rows).toEqual([]);
    const plusMinus = await call('agentGetPlusMinusReport', { match_id: cricketId }, agent2);
    expect(plusMinus.json.data.rows).toEqual([]);
    // And nothing of agent1's moved: the request is still pending, demo3 unlocked.
    const still = await call('agentGetPaymentRequests', { page: 1, limit: 100 }, agent1);
    expect(still.json.data.rows.find((r: { request_id: number }) => r.request_id === requestId).status).toBe('PENDING');
    expect((await downline(agent1, { search: 'demo3' })).rows[0]).toMatchObject({ login_locked: false, bet_locked: false });
  });

  it('refuses a bettor every agent call and console/getMe with 403', async () => {
    const bettor = await ctx().login('demo1');
    expect(AGENT_CALLS).toEqual(
      expect.arrayContaining([
        'agentCreateUser',
        'agentTransferChips',
        'agentGetUserStatement',
        'agentGetUserBets',
        'agentGetUserProfile',
        'agentGetUserActivityLog',
        'agentGetPaymentRequests',
        'agentDecidePaymentRequest',
        'agentGetPaymentReceipt',
        'agentSetPaymentDetails',
        'agentGetDashboard',
        'agentGetMarketBook',
        'agentGetUserProfitLoss',
      ]),
    );
    for (const name of [...AGENT_CALLS, 'consoleGetMe' as const]) {
      const res = await call(name, { user_id: ids.demo3, page: 1, limit: 10 }, bettor);
      expect({ name, status: res.statusCode, json: res.json }).toEqual({
        name,
        status: 403,
        json: { status: false, message: 'Only an agent can do this', code: 'FORBIDDEN' },
      });
    }
  });

  it('moves chips exactly once per client_ref; another body under the same client_ref is refused', async () => {
    const demo3 = await ctx().login('demo3');
    const [before, agentBefore] = [await totalOf(demo3), await totalOf(agent1)];
    const body = { user_id: ids.demo3, amount: 150.25, direction: 'deposit', client_ref: 'dep-1', remark: 'top up' };
    const first = await chips(agent1, body);
    expect(first.statusCode, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data).toMatchObject({ user_id: ids.demo3, amount: 150.25, direction: 'deposit', remark: 'top up' });
    expect(first.json.data.user_balance).toBeCloseTo(before + 150.25, 2);
    const again = await chips(agent1, body);
    expect(again.json).toEqual(first.json);
    expect(await totalOf(demo3)).toBeCloseTo(before + 150.25, 2);
    expect(await totalOf(agent1)).toBeCloseTo(agentBefore - 150.25, 2);
    const other = await chips(agent1, { ...body, amount: 10 });
    expect({ status: other.statusCode, code: other.json.code }).toEqual({ status: 409, code: 'CLIENT_REF_CONFLICT' });

    const withdraw = await chips(agent1, { user_id: ids.demo3, amount: 50, direction: 'withdraw', client_ref: 'wd-1' });
    expect(withdraw.json.data.user_balance).toBeCloseTo(before + 100.25, 2);
    expect(withdraw.json.data.agent_balance).toBeCloseTo(agentBefore - 100.25, 2);
    const bad = await chips(agent1, { user_id: ids.demo3, amount: 1.234, direction: 'deposit', client_ref: 'dep-2' });
    expect(bad.statusCode).toBe(400);
    const zero = await chips(agent1, { user_id: ids.demo3, amount: 0, direction: 'deposit', client_ref: 'dep-3' });
    expect(zero.statusCode).toBe(400);
  });

  it('20 concurrent calls with one client_ref move the chips once', async () => {
    const demo3 = await ctx().login('demo3');
    const before = await totalOf(demo3);
    const body = { user_id: ids.demo3, amount: 7, direction: 'deposit', client_ref: 'burst-1' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => chips(agent1, body)));
    for (const res of answers) expect(res.json).toEqual(answers[0]!.json);
    expect(answers[0]!.statusCode).toBe(200);
    const rows = await ctx().db.select().from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, `chips:${ids.agent1}:burst-1`));
    expect(rows).toHaveLength(1);
    expect(await totalOf(demo3)).toBeCloseTo(before + 7, 2);

    // The same with a withdraw of the whole available balance: the repeats are still repeats.
    const all = { user_id: ids.demo3, amount: before + 7, direction: 'withdraw', client_ref: 'burst-2' };
    const outs = await Promise.all(Array.from({ length: 20 }, () => chips(agent1, all)));
    for (const res of outs) expect({ status: res.statusCode, json: res.json }).toEqual({ status: 200, json: outs[0]!.json });
    expect(await totalOf(demo3)).toBe(0);
    const back = await chips(agent1, { user_id: ids.demo3, amount: before, direction: 'deposit', client_ref: 'burst-3' });
    expect(back.statusCode).toBe(200);
  });

  it('20 concurrent withdraws cannot take more than the available balance, nor what open bets hold', async () => {
    const res = await call('agentCreateUser', { user_name: 'wduser', password: NEW_PASSWORD, role: 'user' }, agent1);
    const userId = res.json.data.user_id;
    expect((await chips(agent1, { user_id: userId, amount: 1000, direction: 'deposit', client_ref: 'wd-fund' })).statusCode).toBe(200);
    const outs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => chips(agent1, { user_id: userId, amount: 100, direction: 'withdraw', client_ref: `wd-${i}-x` })),
    );
    const ok = outs.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of outs.filter((o) => o.statusCode !== 200)) expect(r.json.code).toBe('INSUFFICIENT_FUNDS');
    const row = (await downline(agent1, { search: 'wduser' })).rows[0];
    expect(row).toMatchObject({ balance: 0, exposure: 0, available: 0 });

    // demo1 with an open bet: only the available balance may be withdrawn.
    const demo1 = await ctx().login('demo1');
    const bet = await call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 200 }, demo1);
    expect(bet.statusCode, JSON.stringify(bet.json)).toBe(200);
    const balance = await balanceOf(ctx(), demo1);
    expect(balance.liability).toBeGreaterThan(0);
    const tooMuch = await chips(agent1, { user_id: ids.demo1, amount: balance.available_balance + 0.01, direction: 'withdraw', client_ref: 'risk-1' });
    expect({ status: tooMuch.statusCode, code: tooMuch.json.code }).toEqual({ status: 400, code: 'INSUFFICIENT_FUNDS' });
    // The root may move chips only to its direct users.
    const deep = await chips(admin, { user_id: ids.demo1, amount: 1, direction: 'deposit', client_ref: 'deep-1' });
    expect({ status: deep.statusCode, code: deep.json.code }).toEqual({ status: 403, code: 'NOT_DIRECT_USER' });
  });

  it('a login-locked user is logged out and cannot log in until unlocked', async () => {
    const demo3 = await ctx().login('demo3');
    const locked = await call('agentSetUserStatus', { user_id: ids.demo3, login_locked: true }, agent1);
    expect(locked.json.data).toEqual({ user_id: ids.demo3, login_locked: true, bet_locked: false });
    expect((await call('getUserBalance', undefined, demo3)).statusCode).toBe(401);
    const login = await call('login', { user_name: 'demo3', password: 'Demo@1234' }, '');
    expect({ status: login.statusCode, code: login.json.code }).toEqual({ status: 403, code: 'ACCOUNT_LOCKED' });
    expect((await downline(agent1, { search: 'demo3' })).rows[0].login_locked).toBe(true);
    await call('agentSetUserStatus', { user_id: ids.demo3, login_locked: false }, agent1);
    await ctx().login('demo3');
  });

  it("a bet-locked user's bets are refused at once, and accepted again once unlocked", async () => {
    const demo1 = await ctx().login('demo1');
    const bet = () => call('placeMarketBet', { market_id: marketId, selection_id: 2, is_back: 1, odds: 3, stake: 100 }, demo1);
    // The session is cached before the lock.
    expect((await call('getUserBalance', undefined, demo1)).statusCode).toBe(200);
    await call('agentSetUserStatus', { user_id: ids.demo1, bet_locked: true }, agent1);
    const refused = await bet();
    expect({ status: refused.statusCode, code: refused.json.code }).toEqual({ status: 403, code: 'BET_LOCKED' });
    const fancy = await call('placeFancyBet', { fancy_id: marketId, is_back: 1, run: 10, rate: 100, stake: 100 }, demo1);
    expect({ status: fancy.statusCode, code: fancy.json.code }).toEqual({ status: 403, code: 'BET_LOCKED' });
    expect((await call('getUserBalance', undefined, demo1)).statusCode).toBe(200);
    await call('agentSetUserStatus', { user_id: ids.demo1, bet_locked: false }, agent1);
    expect((await bet()).statusCode).toBe(200);
  });

  it("resets a user's password: its sessions end and it must change the password at next login", async () => {
    const old = await ctx().login('demo3');
    const res = await call('agentResetPassword', { user_id: ids.demo3, new_password: 'Reset@1234' }, agent1);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect((await call('getUserBalance', undefined, old)).statusCode).toBe(401);
    const login = await call('login', { user_name: 'demo3', password: 'Reset@1234' }, '');
    expect(login.json.data.is_change_password).toBe('1');
    const weak = await call('agentResetPassword', { user_id: ids.demo3, new_password: 'abc' }, agent1);
    expect(weak.statusCode).toBe(400);
  });
});
