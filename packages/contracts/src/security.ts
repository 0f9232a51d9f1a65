/**
 * Security auth (ADR 34): an authenticator-app code (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) asked
 * at login once enabled, with ten one-time backup codes; and the user page: profile and activity.
 */
import { z } from 'zod';
import { IdLike, IsoDate } from './common.ts';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const BACKUP_CODE_COUNT = 10;
/** A 6-digit code from the app, or a backup code (xxxx-xxxx). */
export const OtpCode = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(20, 'The code is too long')
  .regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/, 'Enter the 6-digit code from your app or a backup code');

/** Setup: a new secret, shown once until enabled (a repeated setup replaces it). */
export const SecurityAuthSetup = z.object({
  /** Base32, as typed into an authenticator app. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauth_url: z.string(),
  /** The QR code of otpauth_url as an SVG document. */
  qr_svg: z.string(),
});

export const SecurityAuthCodeRequest = z.object({ code: OtpCode });

export const SecurityAuthEnabled = z.object({
  security_auth_enabled: z.literal('1'),
  /** Ten one-time codes, shown this once. */
  backup_codes: z.array(z.string()),
});

export const SecurityAuthDisabled = z.object({ security_auth_enabled: z.literal('0') });

/** The bettor's own profile (user page); an agent reads a downline user's the same way. */
export const UserProfile = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: z.enum(['root', 'agent', 'user']),
  mobile: z.string().nullable(),
  /** The parent agent's name, null for the root. */
  parent_name: z.string().nullable(),
  created_at: IsoDate,
  last_login_at: IsoDate.nullable(),
  last_login_ip: z.string().nullable(),
  password_changed_at: IsoDate.nullable(),
  security_auth_enabled: z.enum(['0', '1']),
  /** Unused backup codes left (0 when security auth is off). */
  backup_codes_left: z.number().int(),
  login_locked: z.boolean(),
  bet_locked: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const ACTIVITY_KINDS = [
  'LOGIN',
  'LOGIN_FAILED',
  'LOGOUT',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'SECURITY_AUTH_ENABLED',
  'SECURITY_AUTH_DISABLED',
  'BACKUP_CODE_USED',
  'DEPOSIT_REQUESTED',
  'WITHDRAW_REQUESTED',
  'PAYMENT_APPROVED',
  'PAYMENT_REJECTED',
  'ACCOUNT_LOCKED',
  'ACCOUNT_UNLOCKED',
  'BET_VOIDED',
  // Set by the account's agent (ADR 48).
  'TERMS_CHANGED',
  'CREDIT_REFERENCE_CHANGED',
  // The bettor's own limits (issue 25): asked, applied, confirmed.
  'LIMIT_CHANGED',
  'REALITY_CHECK_SET',
  'REALITY_CHECK_SHOWN',
  'BREAK_TAKEN',
  'SELF_EXCLUDED',
  'REOPEN_ASKED',
  'USER_LIMITS_SET',
] as const;
export const ActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKind>;

export const ActivityLogRequest = z.object({
  /** 'logins': LOGIN and LOGIN_FAILED only; 'actions': everything else. */
  filter: z.enum(['all', 'logins', 'actions']).default('all'),
  page: z.coerce.number().int().min(1, 'Page must be at least 1').default(1),
  limit: z.coerce.number().int().min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(20),
});
export type ActivityLogRequest = z.input<typeof ActivityLogRequest>;

export const ActivityRow = z.object({
  id: z.number().int(),
  kind: ActivityKind,
  /** A sentence for the screen, e.g. "Logged in" or "Withdrawal of 500.00 requested". */
  description: z.string(),
  ip: z.string(),
  /** A short device name read from the User-Agent, e.g. "Chrome on Windows". */
  device: z.string(),
  /** Set when someone else acted (the agent or the operator): their user name. */
  by: z.string().nullable(),
  created_at: IsoDate,
});
export type ActivityRow = z.infer<typeof ActivityRow>;

export const ActivityLogPage = z.object({
  rows: z.array(ActivityRow),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ActivityLogPage = z.infer<typeof ActivityLogPage>;

/** Agent: a downline user's profile / activity. */
export const AgentUserRequest = z.object({ user_id: IdLike });
export const AgentActivityLogRequest = ActivityLogRequest.extend({ user_id: IdLike });

/** Notices shown once on next load (e.g. a voided bet), oldest first. */
export const UserNotice = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  created_at: IsoDate,
});
export type UserNotice = z.infer<typeof UserNotice>;
export const UserNotices = z.object({ notices: z.array(UserNotice) });
export const NoticeSeenRequest = z.object({ ids: z.array(IdLike).min(1, 'Give at least one notice id').max(100) });
