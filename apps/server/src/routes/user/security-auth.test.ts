/**
 * Security auth (ADR 34) on PGlite and PostgreSQL: a bettor sets up a TOTP secret, turns it on
 * with a code computed here from the shown secret (otpauth, as an authenticator app would), and
 * from then on must give a code to log in: none is OTP_REQUIRED, a wrong or replayed one is
 * OTP_INVALID and counts in the login throttle, a backup code works once; turning it off needs a
 * code too. The secret is stored sealed with the server's key.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, expect, it } from 'vitest';
import { backupCodes, users } from '../../db/schema/index.ts';
import { SecretBox } from '../../services/security-auth/index.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const KEY = randomBytes(32);
const PASSWORD = 'Guard@1234';
const STEP_MS = 30_000;
const WINDOW_MS = 15 * 60_000;
const OTP_REQUIRED = { status: false, message: 'Enter the 6-digit code from your authenticator app', code: 'OTP_REQUIRED' };
const OTP_INVALID = {
  status: false,
  message: 'The code is wrong or already used. Enter the current code from your authenticator app.',
  code: 'OTP_INVALID',
};

describeEachDatabase(
  'security auth',
  (ctx) => {
    let token: string;
    let secret: string;
    let codes: string[];
    /** The code that enabled it: its step is spent. */
    let enableCode: string;

    /** The code an authenticator app shows now (the test's clock), or `steps` periods away. */
    const codeNow = (steps = 0) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: ctx().now().getTime() + steps * STEP_MS });
    /** A 6-digit code that is none of the window's (a wrong guess). */
    const wrongCode = () => {
      const window = new Set([-1, 0, 1].map(codeNow));
      for (let n = 0; ; n++) {
        const code = String(n).padStart(6, '0');
        if (!window.has(code)) return code;
      }
    };
    const login = (otp?: string, ip = '10.20.0.1') => ctx().call('login', { user_name: 'guard1', password: PASSWORD, ...(otp === undefined ? {} : { otp }) }, undefined, ip);
    const row = async () => (await ctx().db.select().from(users).where(eq(users.userName, 'guard1')))[0]!;
    const nextStep = () => ctx().advanceClock(STEP_MS);

    beforeAll(async () => {
      const agent1 = await ctx().login('agent1');
      const created = await ctx().call('agentCreateUser', { user_name: 'guard1', password: 'First@1234', role: 'user' }, agent1);
      expect(created.statusCode, JSON.stringify(created.json)).toBe(200);
      const first = await ctx().login('guard1', 'First@1234');
      const changed = await ctx().call('changePassword', { master_password: 'First@1234', new_password: PASSWORD, confirm_password: PASSWORD }, first);
      expect(changed.statusCode).toBe(200);
      token = await ctx().login('guard1', PASSWORD);
    });

    it('refuses enable before setup and disable while off', async () => {
      const enable = await ctx().call('securityAuthEnable', { code: '123456' }, token);
      expect({ status: enable.statusCode, code: enable.json.code }).toEqual({ status: 409, code: 'SECURITY_AUTH_NOT_SET_UP' });
      const disable = await ctx().call('securityAuthDisable', { code: '123456' }, token);
      expect({ status: disable.statusCode, code: disable.json.code }).toEqual({ status: 409, code: 'SECURITY_AUTH_NOT_ENABLED' });
    });

    it('sets up a secret with its otpauth URL and QR code, stored sealed with the server key', async () => {
      const res = await ctx().call('securityAuthSetup', {}, token);
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
      secret = res.json.data.secret;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(res.json.data.otpauth_url);
      expect(`${url.protocol}//${url.host}${decodeURIComponent(url.pathname)}`).toBe('otpauth://totp/Exchange:guard1');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ issuer: 'Exchange', secret, algorithm: 'SHA1', digits: '6', period: '30' });
      expect(res.json.data.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);

      const stored = await row();
      expect(stored.securityAuthEnabled).toBe(false);
      expect(stored.totpPendingSecretEnc).toBeTruthy();
      expect(stored.totpPendingSecretEnc).not.toContain(secret);
      expect(new SecretBox(KEY).open(stored.totpPendingSecretEnc!, `totp:${stored.id}`)).toBe(secret);
      expect(() => new SecretBox(randomBytes(32)).open(stored.totpPendingSecretEnc!, `totp:${stored.id}`)).toThrow();
      // Not on until a code confirms it: login needs none yet.
      expect((await login()).statusCode).toBe(200);
    });

    it('enables with a first code and answers ten backup codes once; a second setup is refused', async () => {
      const wrong = await ctx().call('securityAuthEnable', { code: wrongCode() }, token);
      expect({ status: wrong.statusCode, json: wrong.json }).toEqual({ status: 400, json: OTP_INVALID });
      enableCode = codeNow();
      const res = await ctx().call('securityAuthEnable', { code: enableCode }, token);
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data.security_auth_enabled).toBe('1');
      codes = res.json.data.backup_codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);

      const stored = await row();
      expect(stored).toMatchObject({ securityAuthEnabled: true, totpPendingSecretEnc: null });
      expect(stored.totpSecretEnc).not.toContain(secret);
      const hashes = await ctx().db.select().from(backupCodes).where(eq(backupCodes.userId, stored.id));
      expect(hashes).toHaveLength(10);
      for (const h of hashes) expect(codes.some((c) => h.codeHash.includes(c) || h.codeHash.includes(c.replace('-', '')))).toBe(false);

      const again = await ctx().call('securityAuthSetup', {}, token);
      expect({ status: again.statusCode, code: again.json.code }).toEqual({ status: 409, code: 'SECURITY_AUTH_ALREADY_ENABLED' });
      const twice = await ctx().call('securityAuthEnable', { code: codeNow() }, token);
      expect({ status: twice.statusCode, code: twice.json.code }).toEqual({ status: 409, code: 'SECURITY_AUTH_ALREADY_ENABLED' });
    });

    it('asks for a code at login, refuses wrong and replayed ones, and logs in with the right one', async () => {
      expect(await login()).toMatchObject({ statusCode: 401, json: OTP_REQUIRED });
      expect(await login('')).toMatchObject({ statusCode: 401, json: OTP_REQUIRED });
      // A wrong password is answered as before, code or not.
      const badPassword = await ctx().call('login', { user_name: 'guard1', password: 'Wrong@1234', otp: codeNow() });
      expect({ status: badPassword.statusCode, code: badPassword.json.code }).toEqual({ status: 400, code: 'INVALID_CREDENTIALS' });
      expect(await login(wrongCode())).toMatchObject({ statusCode: 401, json: OTP_INVALID });
      // The enable code's step is spent: the same code cannot log in. (The clock is real time: the
      // step may have turned since, so this is the enable code itself, not the code of now.)
      expect(await login(enableCode)).toMatchObject({ statusCode: 401, json: OTP_INVALID });
      // That was five failures of the name: the window must pass before the next try.
      expect((await login(codeNow(), '10.20.0.2')).statusCode).toBe(429);

      ctx().advanceClock(WINDOW_MS + 1);
      const code = codeNow();
      const ok = await login(code);
      expect(ok.statusCode, JSON.stringify(ok.json)).toBe(200);
      expect(ok.json.data).toMatchObject({ user_name: 'guard1', security_auth_enabled: '1' });
      // Replayed within its window, from anywhere.
      expect(await login(code, '10.20.0.9')).toMatchObject({ statusCode: 401, json: OTP_INVALID });
      // The previous step's code is older than the one used: refused too.
      expect(await login(codeNow(-1))).toMatchObject({ statusCode: 401, json: OTP_INVALID });
      // A code from the next step (a phone clock slightly ahead) is accepted once.
      expect((await login(codeNow(1))).statusCode).toBe(200);
      ctx().advanceClock(2 * STEP_MS);
    });

    it('lets one of four concurrent logins with the same code in', async () => {
      nextStep();
      const code = codeNow();
      const answers = await Promise.all([1, 2, 3, 4].map((i) => login(code, `10.21.0.${i}`)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401]);
      // Start the next test with a clean guess budget.
      ctx().advanceClock(WINDOW_MS + 1);
    });

    it('accepts each backup code once, in any case and without the dash', async () => {
      const ok = await login(codes[0]!);
      expect(ok.statusCode, JSON.stringify(ok.json)).toBe(200);
      expect(await login(codes[0]!)).toMatchObject({ statusCode: 401, json: OTP_INVALID });
      expect((await login(codes[1]!.replace('-', '').toUpperCase())).statusCode).toBe(200);
      expect(await login('zzzz-zzzz')).toMatchObject({ statusCode: 401, json: OTP_INVALID });
      const profile = await ctx().call('getProfile', {}, ok.json.data.usertoken);
      expect(profile.json.data.backup_codes_left).toBe(8);
      ctx().advanceClock(WINDOW_MS + 1);
    });

    it('counts wrong codes in the login throttle: after 5 the right code is refused until the window passes', async () => {
      for (let i = 0; i < 5; i++) expect(await login(wrongCode(), `10.22.0.${i}`)).toMatchObject({ statusCode: 401, json: OTP_INVALID });
      const limited = await login(codeNow(), '10.22.1.1');
      expect({ status: limited.statusCode, code: limited.json.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
      // Asking without a code counts too: the password cannot be probed through OTP_REQUIRED.
      ctx().advanceClock(WINDOW_MS + 1);
      for (let i = 0; i < 5; i++) expect((await login(undefined, '10.22.2.1')).statusCode).toBe(401);
      expect((await login(codeNow(), '10.22.2.1')).statusCode).toBe(429);
      ctx().advanceClock(WINDOW_MS + 1);
      const ok = await login(codeNow(), '10.22.2.1');
      expect(ok.statusCode).toBe(200);
      token = ok.json.data.usertoken;
    });

    it('needs a code to turn it off; wrong ones are throttled; then login needs none', async () => {
      const missing = await ctx().call('securityAuthDisable', {}, token);
      expect({ status: missing.statusCode, code: missing.json.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      const wrong = await ctx().call('securityAuthDisable', { code: wrongCode() }, token);
      expect({ status: wrong.statusCode, json: wrong.json }).toEqual({ status: 400, json: OTP_INVALID });
      nextStep();
      const res = await ctx().call('securityAuthDisable', { code: codeNow() }, token);
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data).toEqual({ security_auth_enabled: '0' });
      expect(await row()).toMatchObject({ securityAuthEnabled: false, totpSecretEnc: null, totpPendingSecretEnc: null, totpLastStep: null });
      expect(await ctx().db.select().from(backupCodes).where(eq(backupCodes.userId, (await row()).id))).toEqual([]);
      const plain = await login();
      expect(plain.statusCode).toBe(200);
      expect(plain.json.data.security_auth_enabled).toBe('0');
      token = plain.json.data.usertoken;
    });

    it('turns it off with a backup code too, and refuses a stolen session past 5 wrong codes', async () => {
      const setup = await ctx().call('securityAuthSetup', {}, token);
      secret = setup.json.data.secret;
      const enabled = await ctx().call('securityAuthEnable', { code: codeNow() }, token);
      expect(enabled.statusCode).toBe(200);
      codes = enabled.json.data.backup_codes;
      for (let i = 0; i < 5; i++) expect((await ctx().call('securityAuthDisable', { code: wrongCode() }, token)).statusCode).toBe(400);
      const limited = await ctx().call('securityAuthDisable', { code: codes[0] }, token);
      expect({ status: limited.statusCode, code: limited.json.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
      ctx().advanceClock(WINDOW_MS + 1);
      const off = await ctx().call('securityAuthDisable', { code: codes[0] }, token);
      expect(off.statusCode, JSON.stringify(off.json)).toBe(200);
      expect((await login()).statusCode).toBe(200);
    });
  },
  { securityAuthKey: KEY },
);
