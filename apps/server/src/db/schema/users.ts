import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const USER_ROLES = ['root', 'agent', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ['active', 'locked'] as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    isChangePassword: boolean('is_change_password').notNull().default(false),
    isSignupUser: boolean('is_signup_user').notNull().default(false),
    securityAuthEnabled: boolean('security_auth_enabled').notNull().default(false),
    mobile: text('mobile'),
    dialCode: text('dial_code'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /** Set by an agent (ADR 32): no login, and the user's sessions are ended. */
    loginLocked: boolean('login_locked').notNull().default(false),
    /** Set by an agent (ADR 32): bets are refused with BET_LOCKED. */
    betLocked: boolean('bet_locked').notNull().default(false),
    /** Given by the creating agent (ADR 32); stored for the agent screens. */
    creditLimitPaise: bigint('credit_limit_paise', { mode: 'number' }).notNull().default(0),
    /** Security auth (ADR 34): the TOTP secret, AES-256-GCM encrypted with the server's key; the
     * pending one between setup and enable; the last time step accepted (no replay in its window). */
    totpSecretEnc: text('totp_secret_enc'),
    totpPendingSecretEnc: text('totp_pending_secret_enc'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set at each successful login (the console's downline list shows it). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The client address of a sign-up (ADR 41): the per-address limit counts these; null for accounts made otherwise. */
    signupIp: text('signup_ip'),
  },
  (t) => [
    // Names are unique regardless of case; lookups use lower(user_name).
    uniqueIndex('users_user_name_lower_idx').on(sql`lower(${t.userName})`),
    index('users_parent_id_idx').on(t.parentId),
    // One sign-up per mobile number, checked in the sign-up's transaction (ADR 41): not a unique
    // index, since databases made before it may hold duplicates (the same-mobile report shows them).
    index('users_mobile_number_idx').on(sql`ltrim(${t.mobile}, '0')`),
    index('users_signup_ip_idx').on(t.signupIp, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const buttonValues = pgTable(
  'button_values',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['Game', 'Casino'] }).notNull(),
    position: integer('position').notNull(),
    buttonName: text('button_name').notNull(),
    buttonValue: integer('button_value').notNull(),
  },
  (t) => [uniqueIndex('button_values_user_type_position_idx').on(t.userId, t.type, t.position)],
);
