/**
 * Signing in to the console (ADR 36) on PGlite and PostgreSQL: the root and an agent get a session
 * and their console user; a bettor with the right password is refused (403 CONSOLE_FOR_AGENTS)
 * and gets no session; a wrong password or an unknown name is answered exactly as user/login
 * answers it; security auth asks for its code as on the bettor site; every login sets
 * last_login_at and lands in the activity log; console/getMe answers before a password change.
 */
import { count, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const PASSWORD = 'Demo@1234';
const CONSOLE_FOR_AGENTS = {
  status: false,
  message: 'This console is for agents and the operator. Bettors log in on the main site.',
  code: 'CONSOLE_FOR_AGENTS',
};

describeEachDatabase('console sign-in', (ctx) => {
  let admin: string;
  let ip = 0;
  /** Each call from its own address: the per-address login limit stays out of the way. */
  const from = () => `10.36.0.${++ip}`;
  const consoleLogin = (userName: string, password = PASSWORD, otp?: string) =>
    ctx().call('consoleLogin', { user_name: userName, password, ...(otp === undefined ? {} : { otp }) }, undefined, from());
  const userLogin = (userName: string, password: string) => ctx().call('login', { user_name: userName, password }, undefined, from());
  const userId = async (userName: string) => (await ctx().db.select().from(users).where(eq(users.userName, userName)))[0]!.id;
  const sessionsOf = async (id: number) => (await ctx().db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id)))[0]!.n;
  const newestActivity = async (token: string) => (await ctx().call('getActivityLog', { page: 1, limit: 1 }, token)).json.data.rows[0];

  beforeAll(async () => {
    admin = await ctx().login('admin');
  });

  it('signs the root and an agent in with their console user, and getMe answers the same', async () => {
    for (const [name, role] of [
      ['admin', 'root'],
      ['agent1', 'agent'],
    ] as const) {
      const res = await consoleLogin(name);
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
      const { usertoken, ...me } = res.json.data;
      expect(usertoken).toMatch(/^\S{20,}$/);
      expect(me).toMatchObject({ user_name: name, role, is_change_password: '0', security_auth_enabled: '0' });
      expect(me.available).toBeCloseTo(me.balance - me.exposure, 2);
      const balance = (await ctx().call('getUserBalance', undefined, usertoken)).json.data;
      expect({ balance: me.balance, exposure: me.exposure }).toEqual({ balance: balance.total_balance, exposure: balance.liability });
      const getMe = await ctx().call('consoleGetMe', undefined, usertoken);
      expect(getMe.json.data).toEqual(me);
      // The activity log says where the login came from.
      expect(await newestActivity(usertoken)).toMatchObject({ kind: 'LOGIN', description: 'Logged in to the console', ip: expect.stringMatching(/^10\.36\.0\./) });
    }
    expect((await consoleLogin('admin')).json.data.parent_id).toBe(-1);
    expect((await consoleLogin('agent1')).json.data.parent_id).toBe(await userId('admin'));
    // Each carries its own figures (ADR 48): the root holds all, the demo's agent1 its 80%.
    const noCommission = { match_commission: 0, session_commission: 0, casino_commission: 0 };
    expect((await consoleLogin('admin')).json.data.terms).toEqual({ partnership: 100, ...noCommission });
    expect((await consoleLogin('agent1')).json.data.terms).toEqual({ partnership: 80, ...noCommission });
  });

  it('refuses a bettor with the right password and opens no session', async () => {
    const demo1 = await userId('demo1');
    const before = await sessionsOf(demo1);
    const res = await consoleLogin('demo1');
    expect({ status: res.statusCode, json: res.json }).toEqual({ status: 403, json: CONSOLE_FOR_AGENTS });
    expect(res.json.data).toBeUndefined();
    expect(await sessionsOf(demo1)).toBe(before);
    // The bettor's own log shows the refused attempt; its site login still works.
    const token = await ctx().login('demo1');
    const rows = (await ctx().call('getActivityLog', { page: 1, limit: 3 }, token)).json.data.rows;
    expect(rows.slice(0, 2).map((r: { description: string }) => r.description)).toEqual(['Logged in', 'Login failed: the console is for agents']);
    expect(await sessionsOf(demo1)).toBe(before + 1);
  });

  it('answers a wrong password and an unknown name exactly as user/login does, whatever the role', async () => {
    for (const name of ['demo1', 'agent1', 'admin', 'nobody-here']) {
      const site = await userLogin(name, 'Wrong@1234');
      const console = await consoleLogin(name, 'Wrong@1234');
      expect({ name, status: console.statusCode, json: console.json }).toEqual({ name, status: site.statusCode, json: site.json });
      expect(console.statusCode).toBe(400);
    }
  });

  it('sets last_login_at at every login, on the site and in the console', async () => {
    const ids = { agent1: await userId('agent1'), demo3: await userId('demo3') };
    await ctx().db.update(users).set({ lastLoginAt: null }).where(eq(users.id, ids.demo3));
    const lastLogin = async (name: string) =>
      (await ctx().call('agentGetDownline', { search: name, page: 1, limit: 10 }, admin)).json.data.rows.find((r: { user_name: string }) => r.user_name === name)
        .last_login_at as string | null;
    expect(await lastLogin('demo3')).toBeNull();
    const at = ctx().now().getTime();
    await ctx().login('demo3');
    expect(Date.parse((await lastLogin('demo3'))!)).toBeGreaterThanOrEqual(at - 1000);
    ctx().advanceClock(60_000);
    await consoleLogin('agent1');
    expect(Date.parse((await lastLogin('agent1'))!)).toBeGreaterThanOrEqual(at + 59_000);
  });

  it('asks an agent with security auth for its code, as the site does', async () => {
    const created = await ctx().call('agentCreateUser', { user_name: 'otpagent', password: 'First@1234', role: 'agent' }, admin);
    expect(created.statusCode, JSON.stringify(created.json)).toBe(200);
    // Before the forced password change the console session may read who it is, nothing else.
    const first = await consoleLogin('otpagent', 'First@1234');
    expect(first.json.data).toMatchObject({ user_name: 'otpagent', role: 'agent', is_change_password: '1' });
    const token = first.json.data.usertoken;
    expect((await ctx().call('consoleGetMe', undefined, token)).json.data.is_change_password).toBe('1');
    const dashboard = await ctx().call('agentGetDashboard', undefined, token);
    expect({ status: dashboard.statusCode, code: dashboard.json.code }).toEqual({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    const changed = await ctx().call('changePassword', { master_password: 'First@1234', new_password: PASSWORD, confirm_password: PASSWORD }, token);
    expect(changed.statusCode).toBe(200);

    const agentToken = (await consoleLogin('otpagent')).json.data.usertoken;
    const setup = await ctx().call('securityAuthSetup', {}, agentToken);
    const secret = Secret.fromBase32(setup.json.data.secret);
    const code = (steps = 0) => TOTP.generate({ secret, algorithm: 'SHA1', digits: 6, period: 30, timestamp: ctx().now().getTime() + steps * 30_000 });
    expect((await ctx().call('securityAuthEnable', { code: code() }, agentToken)).statusCode).toBe(200);
    ctx().advanceClock(30_000);

    const without = await consoleLogin('otpagent');
    expect({ status: without.statusCode, code: without.json.code }).toEqual({ status: 401, code: 'OTP_REQUIRED' });
    const wrong = await consoleLogin('otpagent', PASSWORD, code() === '000000' ? '000001' : '000000');
    expect({ status: wrong.statusCode, code: wrong.json.code }).toEqual({ status: 401, code: 'OTP_INVALID' });
    const right = await consoleLogin('otpagent', PASSWORD, code());
    expect(right.statusCode, JSON.stringify(right.json)).toBe(200);
    expect(right.json.data).toMatchObject({ user_name: 'otpagent', security_auth_enabled: '1' });
    // The code is spent: the same one again is refused.
    const replay = await consoleLogin('otpagent', PASSWORD, code());
    expect(replay.json.code).toBe('OTP_INVALID');
  });

  it('refuses a locked agent as the site does', async () => {
    const created = await ctx().call('agentCreateUser', { user_name: 'lockagent', password: 'First@1234', role: 'agent' }, admin);
    await ctx().call('agentSetUserStatus', { user_id: created.json.data.user_id, login_locked: true }, admin);
    const site = await userLogin('lockagent', 'First@1234');
    const res = await consoleLogin('lockagent', 'First@1234');
    expect({ status: res.statusCode, json: res.json }).toEqual({ status: site.statusCode, json: site.json });
    expect(res.json.code).toBe('ACCOUNT_LOCKED');
  });
});
