/**
 * The agents' business (ADR 48): each account's partnership and commission figures with their
 * history, the split of every settled result over the levels above its bettor, and the cash
 * settlements recorded between a parent and a direct child.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every change of an account's figures, never edited: the figures in force at an instant are the
 * latest row at or before it. An agent without a row keeps 0% and gives no commission (the root
 * holds 100% and needs none).
 */
export const accountTerms = pgTable(
  'account_terms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** An agent's: the part of its downline's P&L it and the agents below it keep (bp); null for a bettor. */
    partnershipBp: integer('partnership_bp'),
    /** The rates the account's bettors are paid (a bettor's own; bp). */
    matchCommissionBp: integer('match_commission_bp').notNull().default(0),
    sessionCommissionBp: integer('session_commission_bp').notNull().default(0),
    casinoCommissionBp: integer('casino_commission_bp').notNull().default(0),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    setBy: integer('set_by').references(() => users.id),
  },
  (t) => [
    index('account_terms_user_idx').on(t.userId, t.effectiveAt),
    check(
      'account_terms_partnership_check',
      sql`${t.partnershipBp} is null or ${t.partnershipBp} between 0 and 10000`,
    ),
    check(
      'account_terms_commission_check',
      sql`${t.matchCommissionBp} between 0 and 10000 and ${t.sessionCommissionBp} between 0 and 10000 and ${t.casinoCommissionBp} between 0 and 10000`,
    ),
  ],
);

/** A market's settlement, a casino bet's credit, or the operator's void of a settled winning bet (ADR 35). */
export const RESULT_SOURCES = ['MARKET', 'CASINO', 'VOID'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

/**
 * One settled result of a bettor split over the levels above it, a row per level: a market's
 * settlement (source_id the market, version its settlement version), a casino bet's credit
 * (source_id the casino debit's row, version 0) or a void of a settled winning bet (source_id the
 * bet's order id, version 0: the win taken back, split as its market was). A rollback marks the
 * rows of its version.
 */
export const partnershipResults = pgTable(
  'partnership_results',
  {
    source: text('source', { enum: RESULT_SOURCES }).notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    /** The bettor. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    levelUserId: integer('level_user_id')
      .notNull()
      .references(() => users.id),
    /** 0 for the root, one more per level down to the bettor's agent. */
    depth: smallint('depth').notNull(),
    shareBp: integer('share_bp').notNull(),
    /** The level's part of the network's result (minus the bettor's P&L): positive when the bettor lost. */
    pnlSharePaise: bigint('pnl_share_paise', { mode: 'number' }).notNull(),
    /** The level's part of the commission paid to the bettor. */
    commissionSharePaise: bigint('commission_share_paise', { mode: 'number' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.sourceId, t.version, t.userId, t.levelUserId] }),
    index('partnership_results_level_idx').on(t.levelUserId, t.settledAt),
    index('partnership_results_user_idx').on(t.userId, t.settledAt),
  ],
);

export const SETTLEMENT_DIRECTIONS = ['RECEIVED', 'PAID'] as const;

/** Cash taken from (RECEIVED) or paid to (PAID) a direct child by its parent, outside the site. */
export const cashSettlements = pgTable(
  'cash_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id),
    childId: integer('child_id')
      .notNull()
      .references(() => users.id),
    direction: text('direction', { enum: SETTLEMENT_DIRECTIONS }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    remark: text('remark').notNull().default(''),
    clientRef: text('client_ref').notNull(),
    recordedBy: integer('recorded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cash_settlements_client_ref_idx').on(t.recordedBy, t.clientRef),
    index('cash_settlements_pair_idx').on(t.parentId, t.childId, t.createdAt),
    check('cash_settlements_amount_check', sql`${t.amountPaise} > 0`),
  ],
);
