/**
 * The agent calls (ADR 32): an agent (or the root) creates accounts under itself, reads its
 * downline, moves chips to and from its direct users, locks them and resets their passwords.
 * A user outside the caller's downline is answered exactly like a missing one.
 */
import { z } from 'zod';
import { CurrentBetsRequest } from './betting/index.ts';
import { CLIENT_REF_MAX_LENGTH, Flag, IdLike, Rupees } from './common.ts';
import { DAYS_IN_ORDER, daysInOrder, StatementFilter } from './statement.ts';
import { AccountTerms, AccountTermsFields } from './partnership.ts';
import { AgentLimits, SaferGambling } from './safer-gambling.ts';
import { UserProfile } from './security.ts';
import { NewPassword, USER_NAME_PATTERN } from './user.ts';

export const AGENT_ROLES = ['user', 'agent'] as const;

export const AgentCreateUserRequest = z.object({
  user_name: z.string().trim().regex(USER_NAME_PATTERN, 'User name must be 4 to 20 letters, digits or _'),
  password: NewPassword,
  role: z.enum(AGENT_ROLES, { error: 'Role must be user or agent' }),
  mobile: z.string().trim().regex(/^\d{6,15}$/, 'Enter a valid mobile number').optional(),
  /** The credit reference (ADR 48: users.credit_limit_paise); moves no chips. */
  credit_limit: Rupees.refine((v) => v >= 0, 'Credit limit must not be negative').optional(),
  /** The user pays in and out online through the site (users.is_signup_user, ADR 33); default false. */
  online_payments: z.boolean({ error: 'online_payments must be true or false' }).optional(),
  /** Partnership (a new agent's, at most the caller's own) and commission rates (ADR 48). */
  ...AccountTermsFields,
});
export type AgentCreateUserRequest = z.infer<typeof AgentCreateUserRequest>;

export const AgentCreatedUser = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: z.enum(AGENT_ROLES),
  parent_id: z.number().int(),
  is_change_password: Flag,
});

export const GetDownlineRequest = z.object({
  parent_id: IdLike.optional(),
  search: z.string().trim().max(50, 'Search is too long').optional(),
  page: z.number({ error: 'Page must be a whole number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000, 'Page is too large'),
  limit: z.number({ error: 'Limit must be a whole number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100'),
});
export type GetDownlineRequest = z.infer<typeof GetDownlineRequest>;

export const DownlineRow = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: z.enum(['root', ...AGENT_ROLES]),
  balance: Rupees,
  /** What open bets hold (the liability). */
  exposure: Rupees,
  available: Rupees,
  login_locked: z.boolean(),
  bet_locked: z.boolean(),
  /** For an agent: the sums over its own downline (every depth); absent for a bettor. */
  downline_balance: Rupees.optional(),
  downline_exposure: Rupees.optional(),
  /** The user's last login (null: never logged in). */
  last_login_at: z.string().nullable(),
  /** The credit reference (the clones' name; credit_limit is the same figure, kept for its callers). */
  credit_limit: Rupees,
  credit_reference: Rupees,
  /** Balance less credit reference. */
  client_pl: Rupees,
  /** Partnership and commission figures in force (ADR 48). */
  terms: AccountTerms,
});
export type DownlineRow = z.infer<typeof DownlineRow>;

export const DownlinePage = z.object({
  parent_id: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  rows: z.array(DownlineRow),
});


export const TransferChipsRequest = z.object({
  user_id: IdLike,
  amount: Rupees.refine((v) => v > 0, 'Amount must be greater than 0'),
  direction: z.enum(['deposit', 'withdraw'], { error: 'Direction must be deposit or withdraw' }),
  remark: z.string().trim().max(200, 'Remark is too long').optional(),
  client_ref: z.string().trim().min(1, 'client_ref is required').max(CLIENT_REF_MAX_LENGTH, 'client_ref is too long'),
});
export type TransferChipsRequest = z.infer<typeof TransferChipsRequest>;

export const ChipsTransfer = z.object({
  transfer_id: z.number().int(),
  user_id: z.number().int(),
  direction: z.enum(['deposit', 'withdraw']),
  amount: Rupees,
  remark: z.string(),
  /** The user's and the caller's balances right after this transfer. */
  user_balance: Rupees,
  agent_balance: Rupees,
  created_at: z.string(),
});

export const SetUserStatusRequest = z
  .object({
    user_id: IdLike,
    login_locked: z.boolean({ error: 'login_locked must be true or false' }).optional(),
    bet_locked: z.boolean({ error: 'bet_locked must be true or false' }).optional(),
  })
  .refine((v) => v.login_locked !== undefined || v.bet_locked !== undefined, 'Give login_locked or bet_locked');

export const UserStatus = z.object({
  user_id: z.number().int(),
  login_locked: z.boolean(),
  bet_locked: z.boolean(),
});

export const ResetPasswordRequest = z.object({
  user_id: IdLike,
  new_password: NewPassword,
});

/** Agent: a downline user's account statement, the same filter and shape as the bettor's own. */
export const AgentUserStatementRequest = StatementFilter.extend({ user_id: IdLike }).refine(daysInOrder, DAYS_IN_ORDER);

/** Agent: a downline user's current bets, the same filter and shape as the bettor's own. */
export const AgentUserBetsRequest = CurrentBetsRequest.extend({ user_id: IdLike });

/**
 * Agent: a downline user's profile (the user page's shape) with the limits his agents set on him,
 * and his own safer-gambling state (his limits, reality check, any break or self-exclusion) to
 * read: nobody but the bettor changes it (issue 25).
 */
export const AgentUserProfile = UserProfile.extend({ agent_limits: AgentLimits, safer_gambling: SaferGambling });
export type AgentUserProfile = z.infer<typeof AgentUserProfile>;
