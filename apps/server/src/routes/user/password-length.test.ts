import { expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from '@exchange/contracts';
import { DEMO_PASSWORD } from '../../services/demo-accounts.ts';
import { describeEachDatabase } from '../../test/databases.ts';

/** A password of `length` characters that meets every other rule. */
const passwordOf = (length: number) => `Ab1${'x'.repeat(length - 3)}`;

describeEachDatabase('one password length rule for sign-up, change-password and login', (ctx) => {
  const signup = (user_name: string, password: string) =>
    ctx().call('signup', { user_name, password, confirm_password: password, mobile: '9876543210', dial_code: '+91' });

  it('refuses a password over the limit at sign-up, and one at the limit logs in', async () => {
    const tooLong = await signup('long_pw_1', passwordOf(PASSWORD_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json).toEqual({ status: false, message: PASSWORD_MESSAGES.maxLength, code: 'VALIDATION_ERROR' });

    expect((await signup('long_pw_2', passwordOf(PASSWORD_MAX_LENGTH))).statusCode).toBe(200);
    const login = await ctx().call('login', { user_name: 'long_pw_2', password: passwordOf(PASSWORD_MAX_LENGTH) });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a new password over the limit at change-password, and one at the limit logs in', async () => {
    const token = await ctx().login('demo1');
    const change = (password: string) =>
      ctx().call('changePassword', { master_password: DEMO_PASSWORD, new_password: password, confirm_password: password }, token);
    const tooLong = await change(passwordOf(PASSWORD_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json).toEqual({ status: false, message: PASSWORD_MESSAGES.maxLength, code: 'VALIDATION_ERROR' });

    expect((await change(passwordOf(PASSWORD_MAX_LENGTH))).statusCode).toBe(200);
    const login = await ctx().call('login', { user_name: 'demo1', password: passwordOf(PASSWORD_MAX_LENGTH) });
    expect(login.statusCode).toBe(200);
  });
});
