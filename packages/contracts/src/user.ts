import { z } from 'zod';
import { Flag, IdLike, Rupees } from './common.ts';

/** Letters and digits required; only @$!%*#?& allowed as specials (spec section 5). */
export const PASSWORD_MIN_LENGTH = 8;
/** One bound for sign-up, change-password and login, so every password set can log in. */
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d@$!%*#?&]+$/;
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  minLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  maxLength: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  pattern: 'Password must contain letters and digits, and only the special characters @$!%*#?&',
  mismatch: 'Password and confirm password must match',
} as const;

export const NewPassword = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.minLength)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.maxLength)
  .regex(PASSWORD_PATTERN, PASSWORD_MESSAGES.pattern);

export const LoginRequest = z.object({
  user_name: z.string().trim().min(1, 'User name is required').max(50),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.maxLength),
  otp: z.string().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The user details the spec lists, returned by login and sign-up. */
export const UserDetails = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  usertoken: z.string(),
  total_balance: Rupees,
  liability: Rupees,
  /** total_balance - liability (see Balance). */
  available_balance: Rupees,
  is_change_password: Flag,
  is_signup_user: Flag,
  /** -1 when the account has no parent (the root). */
  parent_id: z.number().int(),
  security_auth_enabled: Flag,
});
export type UserDetails = z.infer<typeof UserDetails>;

export const USER_NAME_PATTERN = /^[A-Za-z0-9_]{4,20}$/;

export const SignupRequest = z
  .object({
    user_name: z
      .string()
      .trim()
      .regex(USER_NAME_PATTERN, 'User name must be 4 to 20 letters, digits or _'),
    password: NewPassword,
    confirm_password: z.string().min(1, 'Confirm password is required'),
    mobile: z.string().trim().regex(/^\d{6,15}$/, 'Enter a valid mobile number'),
    dial_code: z.string().trim().regex(/^\+\d{1,4}$/, 'Enter a valid dial code'),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORD_MESSAGES.mismatch,
  });
export type SignupRequest = z.infer<typeof SignupRequest>;

export const ChangePasswordRequest = z
  .object({
    master_password: z.string().min(1, 'Master password is required').max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.maxLength),
    new_password: NewPassword,
    confirm_password: z.string().min(1, 'Confirm password is required'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORD_MESSAGES.mismatch,
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const LogoutRequest = z.object({
  user_id: IdLike.optional(),
  token: z.string().optional(),
});

/**
 * The bettor's money as every screen shows it (ADR 27). `total_balance` and `liability` are the
 * spec's fields: the ledger balance (sum of postings) and the exposure reserved by open bets.
 * `available_balance` is total_balance - liability, what can still be staked: the header's
 * "Balance", the casino's balance and the bet checks all use this one figure.
 */
export const Balance = z.object({
  total_balance: Rupees,
  liability: Rupees,
  available_balance: Rupees,
});
export type Balance = z.infer<typeof Balance>;

export const ButtonType = z.enum(['Game', 'Casino']);
export type ButtonType = z.infer<typeof ButtonType>;
export const MAX_BUTTONS_PER_TYPE = 10;

export const ButtonValue = z.object({
  button_name: z.string().trim().min(1, 'Price label must not be empty').max(20, 'Price label is too long'),
  button_value: z.coerce
    .number({ error: 'Price value must be a number' })
    .int('Price value must be a whole number')
    .positive('Price value must be greater than 0')
    .max(100_000_000, 'Price value is too large'),
  type: ButtonType,
});
export type ButtonValue = z.infer<typeof ButtonValue>;

export const SetButtonValueRequest = z
  .array(ButtonValue)
  .min(1, 'At least one button is required')
  .refine(
    (rows) =>
      ButtonType.options.every((t) => rows.filter((r) => r.type === t).length <= MAX_BUTTONS_PER_TYPE),
    `At most ${MAX_BUTTONS_PER_TYPE} buttons of each type`,
  );
