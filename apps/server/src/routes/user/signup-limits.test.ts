/**
 * Sign-up's limits (ADR 41) on PGlite and PostgreSQL: one account per mobile number (409
 * MOBILE_EXISTS), and at most SIGNUP_LIMIT_PER_HOUR sign-ups an hour from one client address
 * (429 RATE_LIMITED with Retry-After), held under concurrency; 0 turns the limit off.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';

const PASSWORD = 'Secret123';
const HOUR_S = 3600;

/** A sign-up from `ip`; the name and mobile are made from `n` unless given. */
const signUp = (ctx: TestContext, ip: string, n: number, fields: { user_name?: string; mobile?: string; dial_code?: string } = {}) =>
  ctx.call(
    'signup',
    {
      user_name: `signer_${n}`,
      password: PASSWORD,
      confirm_password: PASSWORD,
      mobile: String(9_700_000_000 + n),
      dial_code: '+91',
      ...fields,
    },
    undefined,
    ip,
  );

describeEachDatabase('sign-up: one account per mobile number', (ctx) => {
  it('refuses a mobile number that has an account, however its trunk zeros are typed, with 409 MOBILE_EXISTS', async () => {
    expect((await signUp(ctx(), '10.9.0.1', 1, { mobile: '9811111111' })).statusCode).toBe(200);
    const again = await signUp(ctx(), '10.9.0.2', 2, { mobile: '9811111111' });
    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({
      status: false,
      message: 'This mobile number already has an account. Log in to it, or ask your agent for help.',
      code: 'MOBILE_EXISTS',
    });
    expect((await signUp(ctx(), '10.9.0.2', 2, { mobile: '09811111111' })).json.code).toBe('MOBILE_EXISTS');
    // The same digits in another country are another number.
    expect((await signUp(ctx(), '10.9.0.2', 2, { mobile: '9811111111', dial_code: '+44' })).statusCode).toBe(200);
  });

  it("refuses a number an agent gave an account (agents' accounts have no dial code)", async () => {
    const agent1 = await ctx().login('agent1');
    const made = await ctx().call('agentCreateUser', { user_name: 'agentmade1', password: 'Start@1234', role: 'user', mobile: '9822222222' }, agent1);
    expect(made.statusCode).toBe(200);
    expect((await signUp(ctx(), '10.9.0.3', 3, { mobile: '9822222222' })).json.code).toBe('MOBILE_EXISTS');
  });

  it('lets one of two sign-ups racing with the same number through', async () => {
    const answers = await Promise.all([4, 5, 6].map((n) => signUp(ctx(), `10.9.1.${n}`, n, { mobile: '9833333333' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describeEachDatabase('sign-up: the per-address limit (default 10 an hour)', (ctx) => {
  it('takes 10 sign-ups an hour from one address, refuses the 11th with 429 and when to try again; other addresses go on', async () => {
    for (let n = 1; n <= 10; n++) expect((await signUp(ctx(), '10.8.0.1', n)).statusCode, `sign-up ${n}`).toBe(200);
    const refused = await signUp(ctx(), '10.8.0.1', 11);
    expect(refused.statusCode).toBe(429);
    expect(refused.json).toEqual({
      status: false,
      message: 'Too many sign-ups from your network. Try again in 60 minutes, or ask your agent for an account.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(refused.response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(HOUR_S - 60);
    expect(retryAfter).toBeLessThanOrEqual(HOUR_S);
    // Nothing was written for it: the name is still free.
    expect((await signUp(ctx(), '10.8.0.2', 11)).statusCode).toBe(200);

    // 50 minutes on, the first ten are still in the hour; once they leave it, the address is served again.
    ctx().advanceClock(50 * 60_000);
    const later = await signUp(ctx(), '10.8.0.1', 12);
    expect(later.statusCode).toBe(429);
    expect(later.json.message).toMatch(/Try again in 10 minutes/);
    expect(Number(later.response.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    ctx().advanceClock(Number(later.response.headers['retry-after']) * 1000);
    expect((await signUp(ctx(), '10.8.0.1', 12)).statusCode).toBe(200);
  });

  it('holds under concurrency: of 14 sign-ups sent at once from one address, 10 are taken', async () => {
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => signUp(ctx(), '10.8.1.1', 100 + i)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});

describeEachDatabase(
  'sign-up: SIGNUP_LIMIT_PER_HOUR=0 turns the limit off',
  (ctx) => {
    it('takes 15 sign-ups in a row from one address', async () => {
      for (let n = 1; n <= 15; n++) expect((await signUp(ctx(), '10.7.0.1', n)).statusCode, `sign-up ${n}`).toBe(200);
    });
  },
  { signupLimitPerHour: 0 },
);
