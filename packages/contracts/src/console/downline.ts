/** An agent's reads of its downline: a user's P&L and the accounts that share a mobile or an address. */
import { z } from 'zod';
import { Day, IdLike, IsoDate } from '../common.ts';
import { Limit, Page } from './fields.ts';

/** A downline user's P&L per settled market (the bettor's own report shape). */
export const AgentUserProfitLossRequest = z
  .object({ user_id: IdLike, from_date: Day, to_date: Day })
  .refine((v) => v.from_date <= v.to_date, { path: ['to_date'], message: 'From date must not be after to date' });

// ---- shared accounts (ADR 41) ------------------------------------------------------------------

/** What two accounts share: a mobile number, or a client address (of a sign-up or a login). */
export const SHARED_BY = ['mobile', 'address'] as const;
export const SharedBy = z.enum(SHARED_BY, { error: 'by must be mobile or address' });
export type SharedBy = z.infer<typeof SharedBy>;

/** Logins counted for the address report: the last this many days (sign-up addresses always count). */
export const SHARED_ADDRESS_DAYS = 30;
/** Members listed per group; `user_count` says how many there are. */
export const SHARED_GROUP_MEMBERS = 50;

export const SharedAccountsRequest = z.object({
  by: SharedBy,
  page: Page,
  limit: Limit,
});
export type SharedAccountsRequest = z.input<typeof SharedAccountsRequest>;

export const SharedAccountMember = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: z.enum(['agent', 'user']),
  /** The agent the account is under. */
  parent_name: z.string(),
  /** Dial code and number as given (null when none was). */
  mobile: z.string().nullable(),
  created_at: IsoDate,
  login_locked: z.boolean(),
  bet_locked: z.boolean(),
  /** Address groups: the account was signed up from this address. */
  signed_up_here: z.boolean(),
  /** Address groups: its logins from this address in the period. */
  logins: z.number().int(),
  /** When the account was last seen at this address (address groups) or last logged in (mobile groups); null: never. */
  last_seen_at: IsoDate.nullable(),
});
export type SharedAccountMember = z.infer<typeof SharedAccountMember>;

export const SharedAccountGroup = z.object({
  /** The shared address, or the mobile number without trunk zeros. */
  key: z.string(),
  user_count: z.number().int(),
  /** The first SHARED_GROUP_MEMBERS, the most recently seen first. */
  users: z.array(SharedAccountMember),
});
export type SharedAccountGroup = z.infer<typeof SharedAccountGroup>;

/** Groups of two or more of the caller's downline accounts, the most recently seen first. */
export const SharedAccountsPage = z.object({
  by: SharedBy,
  /** Address groups count logins of this many last days. */
  days: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  groups: z.array(SharedAccountGroup),
});
export type SharedAccountsPage = z.infer<typeof SharedAccountsPage>;
