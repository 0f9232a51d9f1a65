/**
 * The user page (ADR 34) on PGlite and PostgreSQL: the activity log records logins with their
 * address and device and the sensitive actions in order, the agent's own with its name; the
 * profile shows the account; an agent reads the same for its downline only, any other id being
 * a missing one, and a bettor is refused.
 */
import { Secret, TOTP } from 'otpauth';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';

const FIRST = 'First@1234';
const PASSWORD = 'Page@1234';
const NOT_FOUND = { status: false, message: 'User not found', code: 'NOT_FOUND' };
const UA = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:129.0) Gecko/20100101 Firefox/129.0',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Mobile Safari/537.36',
};

type Row = { kind: string; description: string; ip: string; device: string; by: string | null; created_at: string };
const brief = (rows: Row[]) => rows.map((r) => ({ kind: r.kind, description: r.description, by: r.by }));

describeEachDatabase('the user page: profile and activity log', (ctx) => {
  let agent1: string;
  let agentx: string;
  let token: string;
  const ids: Record<string, number> = {};

  const call = (name: Parameters<ReturnType<typeof ctx>['call']>[0], body: unknown, tok: string) => ctx().call(name, body, tok);
  /** A login from a given address and browser. */
  const loginFrom = async (password: string, ip: string, userAgent: string, otp?: string) => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user_name: 'pageuser', password, ...(otp ? { otp } : {}) },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    return { statusCode: response.statusCode, json: response.json() };
  };
  const log = async (tok: string, body: Record<string, unknown> = {}, name: 'getActivityLog' | 'agentGetUserActivityLog' = 'getActivityLog') => {
    const res = await call(name, { limit: 100, ...body }, tok);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data as { rows: Row[]; total: number; page: number; limit: number };
  };

  beforeAll(async () => {
    agent1 = await ctx().login('agent1');
    const admin = await ctx().login('admin');
    const created = await call('agentCreateUser', { user_name: 'pageuser', password: FIRST, role: 'user', mobile: '9876543210' }, agent1);
    ids.pageuser = created.json.data.user_id;
    const x = await call('agentCreateUser', { user_name: 'agentx', password: FIRST, role: 'agent' }, admin);
    ids.agentx = x.json.data.user_id;
    const first = await ctx().login('agentx', FIRST);
    await call('changePassword', { master_password: FIRST, new_password: PASSWORD, confirm_password: PASSWORD }, first);
    agentx = await ctx().login('agentx', PASSWORD);
    const other = await call('agentCreateUser', { user_name: 'otheruser', password: FIRST, role: 'user' }, agentx);
    ids.otheruser = other.json.data.user_id;
  });

  it('records logins with address and device, failed ones, and the sensitive actions, newest first', async () => {
    const first = await loginFrom(FIRST, '10.30.0.1', UA.windows);
    expect(first.statusCode).toBe(200);
    expect((await loginFrom('Wrong@1234', '10.30.0.2', UA.linux)).statusCode).toBe(400);
    const changed = await call('changePassword', { master_password: FIRST, new_password: PASSWORD, confirm_password: PASSWORD }, first.json.data.usertoken);
    expect(changed.statusCode).toBe(200);
    const second = await loginFrom(PASSWORD, '10.30.0.3', UA.iphone);
    const setup = await call('securityAuthSetup', {}, second.json.data.usertoken);
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.json.data.secret), timestamp: ctx().now().getTime() });
    const enabled = await call('securityAuthEnable', { code }, second.json.data.usertoken);
    expect(enabled.statusCode).toBe(200);
    // No code asked is not a record; a wrong code is.
    expect((await loginFrom(PASSWORD, '10.30.0.4', UA.android)).json.code).toBe('OTP_REQUIRED');
    expect((await loginFrom(PASSWORD, '10.30.0.4', UA.android, 'zzzz-zzzz')).json.code).toBe('OTP_INVALID');
    const third = await loginFrom(PASSWORD, '10.30.0.4', UA.android, enabled.json.data.backup_codes[0]);
    expect(third.statusCode, JSON.stringify(third.json)).toBe(200);
    token = third.json.data.usertoken;

    const all = await log(token);
    expect(all.total).toBe(8);
    expect(brief(all.rows)).toEqual([
      { kind: 'LOGIN', description: 'Logged in', by: null },
      { kind: 'BACKUP_CODE_USED', description: 'Backup code used to log in', by: null },
      { kind: 'LOGIN_FAILED', description: 'Login failed: wrong security code', by: null },
      { kind: 'SECURITY_AUTH_ENABLED', description: 'Security auth turned on', by: null },
      { kind: 'LOGIN', description: 'Logged in', by: null },
      { kind: 'PASSWORD_CHANGED', description: 'Password changed', by: null },
      { kind: 'LOGIN_FAILED', description: 'Login failed: wrong password', by: null },
      { kind: 'LOGIN', description: 'Logged in', by: null },
    ]);
    const logins = await log(token, { filter: 'logins' });
    expect(logins.rows.map((r) => [r.kind, r.ip, r.device])).toEqual([
      ['LOGIN', '10.30.0.4', 'Chrome on Android'],
      ['LOGIN_FAILED', '10.30.0.4', 'Chrome on Android'],
      ['LOGIN', '10.30.0.3', 'Safari on iPhone'],
      ['LOGIN_FAILED', '10.30.0.2', 'Firefox on Linux'],
      ['LOGIN', '10.30.0.1', 'Chrome on Windows'],
    ]);
    const actions = await log(token, { filter: 'actions' });
    // Actions carry where they came from too (the test client's calls: inject's address, no browser).
    expect(actions.rows.map((r) => [r.kind, r.ip, r.device])).toEqual([
      ['BACKUP_CODE_USED', '10.30.0.4', 'Chrome on Android'],
      ['SECURITY_AUTH_ENABLED', '127.0.0.1', 'Unknown device'],
      ['PASSWORD_CHANGED', '127.0.0.1', 'Unknown device'],
    ]);
    const page2 = await log(token, { page: 2, limit: 3 });
    expect({ total: page2.total, page: page2.page, limit: page2.limit, kinds: page2.rows.map((r) => r.kind) }).toEqual({
      total: 8,
      page: 2,
      limit: 3,
      kinds: ['SECURITY_AUTH_ENABLED', 'LOGIN', 'PASSWORD_CHANGED'],
    });
    for (let i = 1; i < all.rows.length; i++) expect(all.rows[i - 1]!.created_at >= all.rows[i]!.created_at).toBe(true);
  });

  it("shows the caller's profile", async () => {
    const res = await call('getProfile', {}, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const lastLogin = (await log(token, { filter: 'logins', limit: 1 })).rows[0]!;
    expect(res.json.data).toEqual({
      user_id: ids.pageuser,
      user_name: 'pageuser',
      role: 'user',
      mobile: '9876543210',
      parent_name: 'agent1',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_login_at: lastLogin.created_at,
      last_login_ip: '10.30.0.4',
      password_changed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      security_auth_enabled: '1',
      backup_codes_left: 9,
      login_locked: false,
      bet_locked: false,
    });
    // The root's parent is nobody; a sign-up's mobile carries its dial code.
    const admin = await call('getProfile', {}, await ctx().login('admin'));
    expect(admin.json.data).toMatchObject({ user_name: 'admin', role: 'root', parent_name: null, security_auth_enabled: '0', backup_codes_left: 0 });
    const signup = await ctx().call('signup', { user_name: 'signer1', password: PASSWORD, confirm_password: PASSWORD, mobile: '9123456789', dial_code: '+91' });
    const signer = await call('getProfile', {}, signup.json.data.usertoken);
    expect(signer.json.data).toMatchObject({ mobile: '+91 9123456789', last_login_at: null, last_login_ip: null, password_changed_at: null });
  });

  it("records logout and the agent's actions with its name, and lets the agent read them", async () => {
    expect((await call('logout', {}, token)).statusCode).toBe(200);
    expect((await call('agentResetPassword', { user_id: ids.pageuser, new_password: 'Reset@1234' }, agent1)).statusCode).toBe(200);
    expect((await call('agentSetUserStatus', { user_id: ids.pageuser, login_locked: true }, agent1)).statusCode).toBe(200);
    expect((await call('agentSetUserStatus', { user_id: ids.pageuser, login_locked: false, bet_locked: true }, agent1)).statusCode).toBe(200);
    // Nothing changed: nothing recorded.
    expect((await call('agentSetUserStatus', { user_id: ids.pageuser, bet_locked: true }, agent1)).statusCode).toBe(200);

    const actions = await log(agent1, { user_id: ids.pageuser, filter: 'actions' }, 'agentGetUserActivityLog');
    expect(brief(actions.rows)).toEqual([
      { kind: 'ACCOUNT_LOCKED', description: 'Betting locked', by: 'agent1' },
      { kind: 'ACCOUNT_UNLOCKED', description: 'Login unlocked', by: 'agent1' },
      { kind: 'ACCOUNT_LOCKED', description: 'Login locked', by: 'agent1' },
      { kind: 'PASSWORD_RESET', description: 'Password reset', by: 'agent1' },
      { kind: 'LOGOUT', description: 'Logged out', by: null },
      { kind: 'BACKUP_CODE_USED', description: 'Backup code used to log in', by: null },
      { kind: 'SECURITY_AUTH_ENABLED', description: 'Security auth turned on', by: null },
      { kind: 'PASSWORD_CHANGED', description: 'Password changed', by: null },
    ]);
    const profile = await call('agentGetUserProfile', { user_id: ids.pageuser }, agent1);
    expect(profile.statusCode).toBe(200);
    expect(profile.json.data).toMatchObject({ user_name: 'pageuser', parent_name: 'agent1', login_locked: false, bet_locked: true, security_auth_enabled: '1' });
    // The root reads anyone's.
    const admin = await ctx().login('admin');
    expect((await call('agentGetUserProfile', { user_id: ids.pageuser }, admin)).json.data.user_name).toBe('pageuser');
    expect((await log(admin, { user_id: ids.pageuser }, 'agentGetUserActivityLog')).total).toBe(actions.total + 5);
  });

  it("answers another agent's users, the caller itself and missing ids as not found; a bettor gets 403", async () => {
    const cases: [string, number][] = [
      [agentx, ids.pageuser!],
      [agent1, ids.otheruser!],
      [agent1, ids.agentx!],
      [agentx, ids.agentx!],
      [agent1, 999_999],
    ];
    for (const [tok, userId] of cases) {
      for (const name of ['agentGetUserProfile', 'agentGetUserActivityLog'] as const) {
        const res = await call(name, { user_id: userId }, tok);
        expect({ name, userId, status: res.statusCode, json: res.json }).toEqual({ name, userId, status: 404, json: NOT_FOUND });
      }
    }
    expect((await call('agentGetUserProfile', { user_id: ids.otheruser }, agentx)).json.data.parent_name).toBe('agentx');
    const bettor = await ctx().login('demo1');
    for (const name of ['agentGetUserProfile', 'agentGetUserActivityLog'] as const) {
      const res = await call(name, { user_id: ids.pageuser }, bettor);
      expect({ status: res.statusCode, json: res.json }).toEqual({ status: 403, json: { status: false, message: 'Only an agent can do this', code: 'FORBIDDEN' } });
    }
  });
});
