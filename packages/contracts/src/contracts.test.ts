import { describe, expect, it } from 'vitest';
import { ChangePasswordRequest, PASSWORD_MESSAGES, SetButtonValueRequest, endpoints } from './index.ts';

describe('change password rules', () => {
  const ok = { master_password: 'x', new_password: 'abcd1234', confirm_password: 'abcd1234' };
  const firstError = (v: unknown) => ChangePasswordRequest.safeParse(v).error?.issues[0]?.message;

  it('accepts letters, digits and the allowed specials', () => {
    expect(ChangePasswordRequest.safeParse({ ...ok, new_password: 'ab@$!%*#?&12', confirm_password: 'ab@$!%*#?&12' }).success).toBe(true);
  });
  it('refuses short, digit-less, letter-less and other-special passwords', () => {
    expect(firstError({ ...ok, new_password: 'abc123', confirm_password: 'abc123' })).toBe(PASSWORD_MESSAGES.minLength);
    expect(firstError({ ...ok, new_password: 'abcdefgh', confirm_password: 'abcdefgh' })).toBe(PASSWORD_MESSAGES.pattern);
    expect(firstError({ ...ok, new_password: '12345678', confirm_password: '12345678' })).toBe(PASSWORD_MESSAGES.pattern);
    expect(firstError({ ...ok, new_password: 'abcd1234^', confirm_password: 'abcd1234^' })).toBe(PASSWORD_MESSAGES.pattern);
  });
  it('refuses a confirm that differs', () => {
    expect(firstError({ ...ok, confirm_password: 'abcd12345' })).toBe(PASSWORD_MESSAGES.mismatch);
  });
});

describe('button values', () => {
  it('refuses a non-positive value, an empty label and more than 10 of a type', () => {
    expect(SetButtonValueRequest.safeParse([{ button_name: '1k', button_value: 0, type: 'Game' }]).success).toBe(false);
    expect(SetButtonValueRequest.safeParse([{ button_name: ' ', button_value: 10, type: 'Game' }]).success).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ button_name: `b${i}`, button_value: i + 1, type: 'Casino' }));
    expect(SetButtonValueRequest.safeParse(eleven).success).toBe(false);
    expect(SetButtonValueRequest.safeParse(eleven.slice(1)).success).toBe(true);
  });
});

describe('endpoint table', () => {
  it('has unique paths, none with a leading slash', () => {
    const paths = Object.values(endpoints).map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((p) => !p.startsWith('/'))).toBe(true);
  });
});
