import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PASSWORD_MESSAGES, UserDetails } from '@exchange/contracts';
import { sessions } from '../../db/schema/index.ts';
import { DEMO_STARTING_BALANCE_PAISE } from '../../seed/index.ts';
import { checkLedger } from '../../services/money/index.ts';
import { hashToken } from '../../services/sessions.ts';
import { findUserByName } from '../../services/users.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const LOGIN_WINDOW_MS = 15 * 60_000;

describeEachDatabase('user routes', (ctx) => {
  const agentId = async () => (await findUserByName(ctx().db, 'agent1'))!.id;

  it('logs in with any case of the name and returns the user details', async () => {
    const res = await ctx().call('login', { user_name: 'DEMO1', password: 'Demo@1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json.message).toBe('Login successful');
    const details = UserDetails.parse(res.json.data);
    expect(details).toMatchObject({
      user_name: 'demo1',
      total_balance: DEMO_STARTING_BALANCE_PAISE / 100,
      liability: 0,
      is_change_password: '0',
      is_signup_user: '0',
      parent_id: await agentId(),
      security_auth_enabled: '0',
    });
    expect(details.usertoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's sha256 is stored.
    const stored = await ctx().db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(details.usertoken)));
    expect(stored).toHaveLength(1);
    expect(await ctx().db.select().from(sessions).where(eq(sessions.tokenHash, details.usertoken))).toHaveLength(0);
  });

  it('gives the root user parent_id -1', async () => {
    const res = await ctx().call('login', { user_name: 'admin', password: 'Demo@1234' });
    expect(res.json.data.parent_id).toBe(-1);
  });

  it('refuses a wrong password and an unknown user alike, without a 401', async () => {
    const expected = { status: false, message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' };
    const wrong = await ctx().call('login', { user_name: 'demo1', password: 'nope' }, undefined, '10.0.1.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json).toEqual(expected);
    const unknown = await ctx().call('login', { user_name: 'nobody', password: 'Demo@1234' }, undefined, '10.0.1.1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json).toEqual(expected);
    const empty = await ctx().call('login', { user_name: '  ', password: 'x' });
    expect(empty.json).toMatchObject({ message: 'User name is required', code: 'VALIDATION_ERROR' });
  });

  it('locks a name after 5 failed logins within 15 minutes, until the window passes', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx().call('login', { user_name: 'agent1', password: `wrong${i}` }, undefined, `10.0.2.${i}`);
      expect(res.statusCode).toBe(400);
    }
    const locked = await ctx().call('login', { user_name: 'Agent1', password: 'Demo@1234' }, undefined, '10.0.2.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json).toEqual({ status: false, message: 'Too many failed login attempts. Try again later.', code: 'RATE_LIMITED' });
    ctx().advanceClock(LOGIN_WINDOW_MS + 1);
    expect((await ctx().call('login', { user_name: 'agent1', password: 'Demo@1234' }, undefined, '10.0.2.9')).statusCode).toBe(200);
  });

  it('after 20 failed logins, an address is refused for names that failed, not for others (ADR 25)', async () => {
    for (let i = 0; i < 20; i++) {
      await ctx().call('login', { user_name: `ghost${i}`, password: 'x' }, undefined, '10.0.3.1');
    }
    expect((await ctx().call('login', { user_name: 'ghost1', password: 'x' }, undefined, '10.0.3.1')).statusCode).toBe(429);
    expect((await ctx().call('login', { user_name: 'demo1', password: 'Demo@1234' }, undefined, '10.0.3.1')).statusCode).toBe(200);
    expect((await ctx().call('login', { user_name: 'demo1', password: 'Demo@1234' }, undefined, '10.0.3.2')).statusCode).toBe(200);
  });

  it('clears a name’s failures on a successful login', async () => {
    const attempt = (password: string) => ctx().call('login', { user_name: 'demo3', password }, undefined, '10.0.4.1');
    for (let i = 0; i < 4; i++) await attempt('wrong');
    expect((await attempt('Demo@1234')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await attempt('wrong');
    expect((await attempt('Demo@1234')).statusCode).toBe(200);
  });

  it('signs up a user under the default agent with no balance, then refuses the name again', async () => {
    const body = { user_name: 'newbie_1', password: 'Secret123', confirm_password: 'Secret123', mobile: '9876543210', dial_code: '+91' };
    const res = await ctx().call('signup', body);
    expect(res.statusCode).toBe(200);
    expect(UserDetails.parse(res.json.data)).toMatchObject({
      user_name: 'newbie_1',
      total_balance: 0,
      liability: 0,
      is_signup_user: '1',
      is_change_password: '0',
      parent_id: await agentId(),
    });
    const balance = await ctx().call('getUserBalance', undefined, res.json.data.usertoken);
    expect(balance.json.data).toEqual({ total_balance: 0, liability: 0, available_balance: 0 });
    expect((await ctx().call('login', { user_name: 'newbie_1', password: 'Secret123' })).statusCode).toBe(200);

    const duplicate = await ctx().call('signup', { ...body, user_name: 'NEWBIE_1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json).toEqual({ status: false, message: 'User name already exists', code: 'USER_EXISTS' });

    const mismatch = await ctx().call('signup', { ...body, user_name: 'other_1', confirm_password: 'Secret124' });
    expect(mismatch.json).toMatchObject({ message: PASSWORD_MESSAGES.mismatch, code: 'VALIDATION_ERROR' });
    const badMobile = await ctx().call('signup', { ...body, user_name: 'other_1', mobile: '12ab' });
    expect(badMobile.json.message).toBe('Enter a valid mobile number');
  });

  it('logout revokes only the presented token, even when it was cached', async () => {
    const a = await ctx().login('demo1');
    const b = await ctx().login('demo1');
    expect((await ctx().call('getUserBalance', undefined, a)).statusCode).toBe(200); // now cached
    const out = await ctx().call('logout', { user_id: 1, token: a }, a);
    expect(out.statusCode).toBe(200);
    expect(out.json).toMatchObject({ status: true, message: 'Logged out successfully' });
    const after = await ctx().call('getUserBalance', undefined, a);
    expect(after.statusCode).toBe(401);
    expect(after.json.code).toBe('UNAUTHORIZED');
    expect((await ctx().call('getUserBalance', undefined, b)).statusCode).toBe(200);
  });

  it('trusts a cached token for at most the cache TTL after another process revoked it', async () => {
    const token = await ctx().login('demo3');
    expect((await ctx().call('getUserBalance', undefined, token)).statusCode).toBe(200); // cached
    // Revoked behind this process's back, as another server process would.
    await ctx().db.update(sessions).set({ revokedAt: ctx().now() }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await ctx().call('getUserBalance', undefined, token)).statusCode).toBe(200);
    ctx().advanceClock(60_001);
    expect((await ctx().call('getUserBalance', undefined, token)).statusCode).toBe(401);
  });

  it('reports the balance the ledger holds', async () => {
    const token = await ctx().login('demo1');
    const res = await ctx().call('getUserBalance', undefined, token);
    expect(res.json).toEqual({ status: true, message: 'Success', data: { total_balance: 100_000, liability: 0, available_balance: 100_000 } });
    const ledger = await checkLedger(ctx().db);
    expect(ledger).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  });

  it('applies every change-password rule, then revokes all tokens and clears the flag (demo2)', async () => {
    const first = await ctx().call('login', { user_name: 'demo2', password: 'Demo@1234' });
    expect(first.json.data.is_change_password).toBe('1');
    const token = first.json.data.usertoken as string;
    const other = await ctx().login('demo2');
    await ctx().call('getUserBalance', undefined, other); // cached

    const change = (new_password: string, confirm_password = new_password, master_password = 'Demo@1234') =>
      ctx().call('changePassword', { master_password, new_password, confirm_password }, token);
    const refusals: Array<[Promise<{ json: { message: string; code: string } }>, string]> = [
      [change('abc123'), PASSWORD_MESSAGES.minLength],
      [change('abcdefgh'), PASSWORD_MESSAGES.pattern],
      [change('12345678'), PASSWORD_MESSAGES.pattern],
      [change('abcd1234^'), PASSWORD_MESSAGES.pattern],
      [change('abcd1234', 'abcd12345'), PASSWORD_MESSAGES.mismatch],
      [change('', ''), PASSWORD_MESSAGES.required],
    ];
    for (const [res, message] of refusals) expect((await res).json).toMatchObject({ status: false, message, code: 'VALIDATION_ERROR' });
    const wrongOld = await change('NewPass@123', 'NewPass@123', 'Wrong@1234');
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json).toEqual({ status: false, message: 'Old password is incorrect', code: 'WRONG_PASSWORD' });

    const ok = await change('NewPass@123');
    expect(ok.statusCode).toBe(200);
    expect(ok.json.status).toBe(true);
    expect((await ctx().call('getUserBalance', undefined, token)).statusCode).toBe(401);
    expect((await ctx().call('getUserBalance', undefined, other)).statusCode).toBe(401);
    expect((await ctx().call('login', { user_name: 'demo2', password: 'Demo@1234' })).json.code).toBe('INVALID_CREDENTIALS');
    const again = await ctx().call('login', { user_name: 'demo2', password: 'NewPass@123' });
    expect(again.statusCode).toBe(200);
    expect(again.json.data.is_change_password).toBe('0');
  });

  it('returns default stake buttons, then the saved ones per type', async () => {
    const token = await ctx().login('demo3');
    const get = async (t = token) => JSON.parse((await ctx().call('getButtonValue', undefined, t)).json.data);
    const defaults = await get();
    expect(defaults.filter((b: { type: string }) => b.type === 'Game')).toHaveLength(10);
    expect(defaults.filter((b: { type: string }) => b.type === 'Casino')).toHaveLength(10);
    expect(defaults[0]).toEqual({ button_name: '100', button_value: 100, type: 'Game' });
    expect(defaults).toContainEqual({ button_name: '1k', button_value: 1000, type: 'Game' });

    const game = [
      { button_name: '1k', button_value: 1000, type: 'Game' },
      { button_name: '2k', button_value: '2000', type: 'Game' },
      { button_name: 'max', button_value: 75_000, type: 'Game' },
    ];
    const set = await ctx().call('setButtonValue', game, token);
    expect(set.json).toMatchObject({ status: true, message: 'Button values updated' });
    const afterGame = await get();
    expect(afterGame.filter((b: { type: string }) => b.type === 'Game')).toEqual(game.map((b) => ({ ...b, button_value: Number(b.button_value) })));
    expect(afterGame.filter((b: { type: string }) => b.type === 'Casino')).toEqual(defaults.filter((b: { type: string }) => b.type === 'Casino'));

    await ctx().call('setButtonValue', [{ button_name: '10', button_value: 10, type: 'Casino' }], token);
    const afterCasino = await get();
    expect(afterCasino).toEqual([...afterGame.filter((b: { type: string }) => b.type === 'Game'), { button_name: '10', button_value: 10, type: 'Casino' }]);
    // Another user keeps the defaults.
    expect(await get(await ctx().login('demo1'))).toEqual(defaults);
  });

  it('refuses bad stake buttons with their messages', async () => {
    const token = await ctx().login('demo1');
    const refuse = async (body: unknown) => (await ctx().call('setButtonValue', body, token)).json;
    expect(await refuse([{ button_name: 'zero', button_value: 0, type: 'Game' }])).toMatchObject({ status: false, message: 'Price value must be greater than 0', code: 'VALIDATION_ERROR' });
    expect((await refuse([{ button_name: 'neg', button_value: -5, type: 'Game' }])).message).toBe('Price value must be greater than 0');
    expect((await refuse([{ button_name: ' ', button_value: 10, type: 'Game' }])).message).toBe('Price label must not be empty');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ button_name: `b${i}`, button_value: i + 1, type: 'Game' }));
    expect((await refuse(eleven)).message).toBe('At most 10 buttons of each type');
    expect((await refuse([])).message).toBe('At least one button is required');
  });
});
