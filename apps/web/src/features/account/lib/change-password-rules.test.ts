import { PASSWORD_MESSAGES } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { changePasswordErrors } from './change-password-rules';

const ok = { master_password: 'old', new_password: 'abcd1234', confirm_password: 'abcd1234' };

describe('change-password form rules', () => {
  it('accepts a valid form', () => {
    expect(changePasswordErrors(ok)).toEqual({});
  });
  it('requires every field', () => {
    const e = changePasswordErrors({ master_password: '', new_password: '', confirm_password: '' });
    expect(Object.keys(e).sort()).toEqual(['confirm_password', 'master_password', 'new_password']);
    expect(e.new_password).toBe(PASSWORD_MESSAGES.required);
  });
  it('checks length and characters of the new password', () => {
    expect(changePasswordErrors({ ...ok, new_password: 'ab12', confirm_password: 'ab12' }).new_password).toBe(
      PASSWORD_MESSAGES.minLength,
    );
    expect(
      changePasswordErrors({ ...ok, new_password: 'abcdefgh', confirm_password: 'abcdefgh' }).new_password,
    ).toBe(PASSWORD_MESSAGES.pattern);
  });
  it("needs the spec's 8 characters: 7 are refused, 8 taken", () => {
    expect(changePasswordErrors({ ...ok, new_password: 'abcd123', confirm_password: 'abcd123' }).new_password).toBe(
      'Password must be at least 8 characters',
    );
    expect(changePasswordErrors({ ...ok, new_password: 'abcd1234', confirm_password: 'abcd1234' })).toEqual({});
  });
  it('puts the mismatch on confirm, even while the new password is still invalid', () => {
    expect(changePasswordErrors({ ...ok, confirm_password: 'abcd12345' })).toEqual({
      confirm_password: PASSWORD_MESSAGES.mismatch,
    });
    expect(
      changePasswordErrors({ ...ok, new_password: 'short', confirm_password: 'other' }).confirm_password,
    ).toBe(PASSWORD_MESSAGES.mismatch);
  });
  it('skips the mismatch when confirm already has another error', () => {
    expect(changePasswordErrors({ ...ok, confirm_password: '' }).confirm_password).toBe(
      'Confirm password is required',
    );
  });
});
