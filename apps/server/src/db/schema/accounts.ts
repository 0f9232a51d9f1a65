/**
 * The accounts side (issue 11): one-time backup codes of security auth (ADR 34), the activity log
 * (logins and sensitive actions), notices the bettor sees on next load, the operator's reversals
 * of voided winning bets, and money in and out: the agents' payment details, the bettors' saved
 * payout accounts and their deposit and withdrawal requests (ADR 33).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACTIVITY_KINDS, PAYMENT_METHODS, VOID_REASONS } from '@exchange/contracts';
import { orders } from './betting.ts';
import { ledgerTransfers } from './ledger.ts';
import { users } from './users.ts';

/** Ten per enable; only an HMAC of each is kept, and a used code is spent. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);


/** The audit trail: who did what to the account, from where. actor_id is set when someone else (an agent, the operator) acted. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ACTIVITY_KINDS }).notNull(),
    ip: text('ip').notNull().default(''),
    /** The User-Agent, cut to 300 characters. */
    device: text('device').notNull().default(''),
    detail: text('detail').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_log_user_idx').on(t.userId, t.id)],
);

/** Shown once to the bettor on next load (e.g. a voided bet), then marked seen. */
export const userNotices = pgTable(
  'user_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_notices_unseen_idx').on(t.userId).where(sql`${t.seenAt} is null`)],
);

/** A settled winning bet voided by the operator: its win taken back once, with the reason. */
export const betReversals = pgTable('bet_reversals', {
  id: serial('id').primaryKey(),
  orderId: bigint('order_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => orders.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  reason: text('reason', { enum: VOID_REASONS }).notNull(),
  remark: text('remark').notNull().default(''),
  transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where an agent's users pay deposits to: a UPI id or a bank account. */
export const agentPaymentDetails = pgTable(
  'agent_payment_details',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    accountName: text('account_name').notNull(),
    upiId: text('upi_id'),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    bankName: text('bank_name'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_payment_details_agent_idx').on(t.agentId)],
);

/** A bettor's account to be paid out to, saved by its last withdrawal request of that method. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    accountName: text('account_name').notNull(),
    upiId: text('upi_id'),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_accounts_user_method_idx').on(t.userId, t.method)],
);

export const PAYMENT_KINDS = ['DEPOSIT', 'WITHDRAW'] as const;
export const PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A deposit or withdrawal request (ADR 33), addressed to the user's parent agent. A withdrawal's
 * amount moves to the payout account when asked (hold_transfer_id), then to the agent on approval
 * or back to the user on rejection (decision_transfer_id); an approved deposit moves from the
 * agent to the user. Exactly once per (user, client_ref); a UTR counts once among live deposits.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    /** The gateway that carries it; 'manual' is the built-in agent approval. */
    gateway: text('gateway').notNull().default('manual'),
    clientRef: text('client_ref').notNull(),
    utr: text('utr'),
    /** The receipt image's file name under the data folder's receipts/ (never served from the web root). */
    receiptFile: text('receipt_file'),
    receiptMime: text('receipt_mime'),
    accountName: text('account_name'),
    upiId: text('upi_id'),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    remark: text('remark').notNull().default(''),
    decisionRemark: text('decision_remark').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    decisionTransferId: bigint('decision_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_requests_client_ref_idx').on(t.userId, t.clientRef),
    uniqueIndex('payment_requests_live_utr_idx').on(t.utr).where(sql`${t.kind} = 'DEPOSIT' and ${t.status} <> 'REJECTED'`),
    index('payment_requests_user_idx').on(t.userId, t.id),
    index('payment_requests_agent_idx').on(t.agentId, t.status, t.id),
    check('payment_requests_amount_check', sql`${t.amountPaise} > 0`),
  ],
);
