/**
 * Partnership and commission figures (ADR 48) on PGlite and PostgreSQL, as the console's callers
 * see them: the root gives a master 90 and the master an agent 80, nobody gives more than it
 * holds nor drops an agent below what that agent gave its own, a bettor has commission and no
 * partnership, figures change only for a direct account, and agent/getDownline shows them.
 */
import { beforeAll, expect, it } from 'vitest';
import type { EndpointName } from '@exchange/contracts';
import { describeEachDatabase } from '../../test/databases.ts';

const NOT_FOUND = { status: false, message: 'User not found', code: 'NOT_FOUND' };
const FIRST = 'First@1234';
const PASSWORD = 'Terms@5678';

type Figures = {
  partnership?: number;
  match_commission?: number;
  session_commission?: number;
  casino_commission?: number;
};

describeEachDatabase('partnership and commission figures', (ctx) => {
  let admin: string;
  let agent1: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  const call = (name: EndpointName, body: unknown, token: string) => ctx().call(name, body, token);
  const ok = async (name: EndpointName, body: unknown, token: string) => {
    const res = await call(name, body, token);
    expect(res.statusCode, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
    return res.json.data;
  };
  const refusal = async (name: EndpointName, body: unknown, token: string) => {
    const res = await call(name, body, token);
    return { status: res.statusCode, code: res.json.code, message: res.json.message };
  };
  const createBody = (name: string, role: 'agent' | 'user', figures: Figures = {}) => ({
    user_name: name,
    password: FIRST,
    role,
    ...figures,
  });

  /** An account made by `parent`, past its first password change: its token is kept by name. */
  const account = async (parent: string, name: string, role: 'agent' | 'user', figures: Figures = {}) => {
    const created = await ok('agentCreateUser', createBody(name, role, figures), tokens[parent]!);
    ids[name] = created.user_id;
    const first = await ctx().login(name, FIRST);
    await ok(
      'changePassword',
      { master_password: FIRST, new_password: PASSWORD, confirm_password: PASSWORD },
      first,
    );
    tokens[name] = await ctx().login(name, PASSWORD);
  };

  /** The row of `name` in the downline of `parent`, as the console lists it. */
  const rowOf = async (parent: string, name: string) => {
    const page = await ok('agentGetDownline', { page: 1, limit: 100, search: name }, tokens[parent]!);
    return page.rows.find((r: { user_name: string }) => r.user_name === name);
  };
  const termsOf = async (parent: string, name: string) => (await rowOf(parent, name))?.terms;
  const setTerms = (by: string, name: string, figures: Figures) =>
    call('agentSetAccountTerms', { user_id: ids[name], ...figures }, tokens[by]!);

  beforeAll(async () => {
    admin = tokens.admin = await ctx().login('admin');
    agent1 = tokens.agent1 = await ctx().login('agent1');
    ids.admin = (await ok('agentGetDownline', { page: 1, limit: 1 }, admin)).parent_id;
    await account('admin', 'master90', 'agent', { partnership: 90, match_commission: 2 });
    await account('master90', 'agent80', 'agent', { partnership: 80 });
    await account('agent80', 'sub60', 'agent', { partnership: 60 });
    await account('agent80', 'punter80', 'user', { match_commission: 2, session_commission: 1 });
    await account('master90', 'punter90', 'user');
  });

  it('gives a master 90 under the root and an agent 80 under it, and shows the figures in the downline', async () => {
    expect(await termsOf('admin', 'master90')).toEqual({
      partnership: 90,
      match_commission: 2,
      session_commission: 0,
      casino_commission: 0,
    });
    expect(await termsOf('master90', 'agent80')).toEqual({
      partnership: 80,
      match_commission: 0,
      session_commission: 0,
      casino_commission: 0,
    });
    // A bettor has no partnership of its own: it takes its agent's shares.
    expect(await termsOf('agent80', 'punter80')).toEqual({
      partnership: null,
      match_commission: 2,
      session_commission: 1,
      casino_commission: 0,
    });
    // Figures left out are 0.
    expect(await termsOf('master90', 'punter90')).toEqual({
      partnership: null,
      match_commission: 0,
      session_commission: 0,
      casino_commission: 0,
    });
    // The root reads them at any depth, as its downline search does.
    expect(await termsOf('admin', 'sub60')).toMatchObject({ partnership: 60 });
    // The demo's agent1 keeps the 80% the seed gives it.
    expect(await termsOf('admin', 'agent1')).toMatchObject({ partnership: 80 });
  });

  it("refuses a partnership above the caller's own, naming the most it may give, and creates nothing", async () => {
    expect(
      await refusal('agentCreateUser', createBody('agent95', 'agent', { partnership: 95 }), tokens.master90!),
    ).toEqual({
      status: 400,
      code: 'PARTNERSHIP_TOO_HIGH',
      message: 'Partnership can be at most 90%: you cannot give more than you hold',
    });
    // agent1 holds the demo's 80: not a hundredth more.
    expect(
      await refusal('agentCreateUser', createBody('agent1sub', 'agent', { partnership: 80.01 }), agent1),
    ).toMatchObject({
      status: 400,
      code: 'PARTNERSHIP_TOO_HIGH',
      message: 'Partnership can be at most 80%: you cannot give more than you hold',
    });
    // Nothing was left half-made: the names are free, and no login exists.
    expect(await rowOf('admin', 'agent95')).toBeUndefined();
    expect((await call('login', { user_name: 'agent95', password: FIRST }, '')).json.code).toBe(
      'INVALID_CREDENTIALS',
    );
    // The most it holds is allowed.
    expect(
      (await call('agentCreateUser', createBody('agent95', 'agent', { partnership: 90 }), tokens.master90!))
        .statusCode,
    ).toBe(200);
    expect(await termsOf('master90', 'agent95')).toMatchObject({ partnership: 90 });
  });

  it('refuses a bettor given a partnership, with a clear message, and creates nothing', async () => {
    for (const partnership of [10, 0])
      expect(
        await refusal('agentCreateUser', createBody('punter_p', 'user', { partnership }), tokens.agent80!),
      ).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: "A bettor has no partnership: it takes its agent's shares",
      });
    expect(await rowOf('agent80', 'punter_p')).toBeUndefined();
    expect(
      await refusal(
        'agentCreateUser',
        createBody('punter_q', 'user', { match_commission: 100.5 }),
        tokens.agent80!,
      ),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Match commission must be at most 100',
    });
    expect(
      await refusal(
        'agentCreateUser',
        createBody('punter_q', 'user', { session_commission: 1.005 }),
        tokens.agent80!,
      ),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Session commission has at most 2 decimals',
    });
  });

  it("changes a direct account's figures from now, keeping those not given, and logs it", async () => {
    const from = ctx().now().getTime();
    const res = await setTerms('master90', 'agent80', { partnership: 70 });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const effective = Date.parse(res.json.data.effective_at);
    expect(effective >= from && effective <= ctx().now().getTime()).toBe(true);
    expect(res.json.data).toEqual({
      user_id: ids.agent80,
      partnership: 70,
      match_commission: 0,
      session_commission: 0,
      casino_commission: 0,
      effective_at: res.json.data.effective_at,
    });
    expect(await termsOf('master90', 'agent80')).toMatchObject({ partnership: 70 });
    // A bettor's commission alone: the rates not given are kept.
    const rates = await ok(
      'agentSetAccountTerms',
      { user_id: ids.punter80, session_commission: 1.5 },
      tokens.agent80!,
    );
    expect(rates).toMatchObject({
      partnership: null,
      match_commission: 2,
      session_commission: 1.5,
      casino_commission: 0,
    });
    expect(await termsOf('agent80', 'punter80')).toEqual({
      partnership: null,
      match_commission: 2,
      session_commission: 1.5,
      casino_commission: 0,
    });
    // In the account's activity log, with the agent who set it.
    const log = await ok('agentGetUserActivityLog', { user_id: ids.agent80 }, tokens.master90!);
    expect(log.rows[0]).toMatchObject({
      kind: 'TERMS_CHANGED',
      description: 'Partnership and commission set: partnership 80% → 70%',
      by: 'master90',
    });
    const bettorLog = await ok('agentGetUserActivityLog', { user_id: ids.punter80 }, tokens.agent80!);
    expect(bettorLog.rows[0]).toMatchObject({
      description: 'Partnership and commission set: session commission 1% → 1.5%',
      by: 'agent80',
    });
  });

  it("refuses a partnership above the caller's own or below the account's own agents, naming the bound, and changes nothing", async () => {
    const before = await termsOf('master90', 'agent80');
    expect(
      await refusal('agentSetAccountTerms', { user_id: ids.agent80, partnership: 95 }, tokens.master90!),
    ).toEqual({
      status: 400,
      code: 'PARTNERSHIP_TOO_HIGH',
      message: 'Partnership can be at most 90%: you cannot give more than you hold',
    });
    // agent80 gave sub60 60: it cannot be left with less.
    expect(
      await refusal(
        'agentSetAccountTerms',
        { user_id: ids.agent80, partnership: 59.99, match_commission: 1 },
        tokens.master90!,
      ),
    ).toEqual({
      status: 400,
      code: 'PARTNERSHIP_BELOW_DOWNLINE',
      message:
        'Partnership can be no less than 60%: the largest figure this account has given its own agents',
    });
    // Nor the master below what it gave agent80 (70 now) and agent95 (90).
    expect(
      await refusal('agentSetAccountTerms', { user_id: ids.master90, partnership: 85 }, admin),
    ).toMatchObject({
      code: 'PARTNERSHIP_BELOW_DOWNLINE',
      message:
        'Partnership can be no less than 90%: the largest figure this account has given its own agents',
    });
    // A bettor has none to change.
    expect(
      await refusal('agentSetAccountTerms', { user_id: ids.punter80, partnership: 10 }, tokens.agent80!),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    // A body with nothing to change is refused by its contract.
    expect(await refusal('agentSetAccountTerms', { user_id: ids.agent80 }, tokens.master90!)).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Give a partnership or a commission to change',
    });
    expect(await termsOf('master90', 'agent80')).toEqual(before);
    // The bounds themselves are allowed.
    expect((await setTerms('master90', 'agent80', { partnership: 60 })).statusCode).toBe(200);
    expect((await setTerms('master90', 'agent80', { partnership: 90 })).statusCode).toBe(200);
    expect(await termsOf('master90', 'agent80')).toMatchObject({ partnership: 90 });
  });

  it("changes figures of a direct account only: deeper is 403, foreign or missing is 404, its own and the root's are nobody's to change", async () => {
    const deeper = await setTerms('master90', 'sub60', { partnership: 10 });
    expect({ status: deeper.statusCode, code: deeper.json.code }).toEqual({
      status: 403,
      code: 'NOT_DIRECT_USER',
    });
    const fromRoot = await setTerms('admin', 'punter80', { match_commission: 5 });
    expect({ status: fromRoot.statusCode, code: fromRoot.json.code }).toEqual({
      status: 403,
      code: 'NOT_DIRECT_USER',
    });
    // agent1's downline holds none of these: each is answered as a missing id.
    for (const name of ['master90', 'agent80', 'punter80']) {
      const foreign = await setTerms('agent1', name, { match_commission: 1 });
      expect({ name, status: foreign.statusCode, json: foreign.json }).toEqual({
        name,
        status: 404,
        json: NOT_FOUND,
      });
    }
    const missing = await call(
      'agentSetAccountTerms',
      { user_id: 2_000_000_000, match_commission: 1 },
      agent1,
    );
    expect({ status: missing.statusCode, json: missing.json }).toEqual({ status: 404, json: NOT_FOUND });
    // An agent's own figures are its parent's to set; the root's 100 is nobody's.
    for (const self of ['master90', 'admin']) {
      const own = await setTerms(self, self, { partnership: 50 });
      expect({ self, status: own.statusCode, json: own.json }).toEqual({
        self,
        status: 404,
        json: NOT_FOUND,
      });
    }
    expect(await termsOf('admin', 'sub60')).toMatchObject({ partnership: 60 });
    expect(await termsOf('admin', 'punter80')).toMatchObject({ match_commission: 2 });
  });

  it('keeps every agent within its parent when a parent lowers an agent while that agent raises its own', async () => {
    // Rounds of the race: each starts with agent80 at 80 and sub60 at 60.
    for (let round = 0; round < 8; round++) {
      await ok('agentSetAccountTerms', { user_id: ids.agent80, partnership: 80 }, tokens.master90!);
      await ok('agentSetAccountTerms', { user_id: ids.sub60, partnership: 60 }, tokens.agent80!);
      const [lower, raise] = await Promise.all([
        setTerms('master90', 'agent80', { partnership: 65 }),
        setTerms('agent80', 'sub60', { partnership: 75 }),
      ]);
      // Each alone would pass; whichever comes first, the other sees it and is refused.
      const figures = {
        agent: (await termsOf('admin', 'agent80')).partnership,
        sub: (await termsOf('admin', 'sub60')).partnership,
      };
      const outcome =
        lower.statusCode === 200
          ? { figures: { agent: 65, sub: 60 }, refused: raise }
          : { figures: { agent: 80, sub: 75 }, refused: lower };
      expect({ round, figures, refused: outcome.refused.statusCode }).toEqual({
        round,
        figures: outcome.figures,
        refused: 400,
      });
      expect(outcome.refused.json.code).toBe(
        lower.statusCode === 200 ? 'PARTNERSHIP_TOO_HIGH' : 'PARTNERSHIP_BELOW_DOWNLINE',
      );
    }
  });
});
