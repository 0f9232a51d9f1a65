import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A bettor's own limits (issue 25, ADR 58): one row per kind and period ever set. `amount_paise`
 * is the limit in force (null: none); a higher limit or none asked for waits in `pending_*` from
 * `pending_at` until the bettor confirms it, 24 hours on or later.
 */
export const bettorLimits = pgTable(
  'bettor_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['DEPOSIT', 'LOSS'] }).notNull(),
    period: text('period', { enum: ['DAY', 'WEEK', 'MONTH'] }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }),
    /** The change waiting: its amount (null: none) when `pending_at` is set. */
    pendingAmountPaise: bigint('pending_amount_paise', { mode: 'number' }),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/**
 * A bettor's reality check and any break or self-exclusion (issue 25, ADR 58): one row per bettor
 * who set one. A restriction stays here after its term (the history); whether it is in force is
 * read from its times: a break until `restriction_ends_at`, a self-exclusion until 24 hours after
 * `reopen_asked_at`, asked for once its term is over.
 */
export const bettorProtection = pgTable('bettor_protection', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  realityCheckMinutes: integer('reality_check_minutes'),
  restrictionKind: text('restriction_kind', { enum: ['BREAK', 'SELF_EXCLUSION'] }),
  restrictionStartedAt: timestamp('restriction_started_at', { withTimezone: true }),
  restrictionEndsAt: timestamp('restriction_ends_at', { withTimezone: true }),
  reopenAskedAt: timestamp('reopen_asked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Limits a user's agent sets on him (issue 25): the most exposure he may hold, the largest stake
 * of a bet, a delay added to an in-play market's, and sports he may not bet on. Null: no limit.
 */
export const userBetLimits = pgTable('user_bet_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  exposureLimitPaise: bigint('exposure_limit_paise', { mode: 'number' }),
  maxStakePaise: bigint('max_stake_paise', { mode: 'number' }),
  extraBetDelayMs: integer('extra_bet_delay_ms').notNull().default(0),
  blockedSports: integer('blocked_sports').array().notNull().default([]),
  setBy: integer('set_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
