import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRANSFER_REASONS } from '@exchange/engine';
import { users } from './users.ts';

/**
 * Kinds of ledger account: `world` funds deposits; `house` is the operator's book (commission,
 * counterparty of bookmaker and fancy bets); `clearing` passes exchange winnings from losers to
 * winners at settlement and nets back to zero; `casino` is the counterparty of the casino
 * provider's wallet calls; `payout` holds the amounts of pending withdrawal requests (ADR 33);
 * `user` is one per user. The agents' business (ADR 48): `pnl` is an agent's (or the root's) P&L
 * from partnership, one per agent, holding no chips; `shares` is its counterparty.
 */
export const LEDGER_ACCOUNT_KINDS = ['world', 'house', 'clearing', 'casino', 'payout', 'user', 'shares', 'pnl'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** One account per user, one `pnl` account per agent, plus the single system accounts. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id),
    /** The agent (or root) whose P&L from partnership a `pnl` account holds. */
    pnlOfUserId: integer('pnl_of_user_id')
      .unique()
      .references(() => users.id),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** Sum of the account's postings, kept in step by every transfer. */
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    /** Reserved for open bets (a reservation, not a posting). */
    exposurePaise: bigint('exposure_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('ledger_accounts_single_world_idx').on(t.kind).where(sql`${t.kind} = 'world'`),
    uniqueIndex('ledger_accounts_single_system_idx').on(t.kind).where(sql`${t.kind} in ('house', 'clearing', 'casino', 'payout', 'shares')`),
    check('ledger_accounts_owner_check', sql`(${t.kind} = 'user') = (${t.userId} is not null)`),
    check('ledger_accounts_pnl_owner_check', sql`(${t.kind} = 'pnl') = (${t.pnlOfUserId} is not null)`),
    check('ledger_accounts_exposure_check', sql`${t.exposurePaise} >= 0`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    debitAccountId: integer('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: TRANSFER_REASONS }).notNull(),
    remark: text('remark').notNull().default(''),
    /** Each side's balance right after this transfer: statements read it without summing history. */
    debitBalanceAfterPaise: bigint('debit_balance_after_paise', { mode: 'number' }).notNull(),
    creditBalanceAfterPaise: bigint('credit_balance_after_paise', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_transfers_amount_check', sql`${t.amountPaise} > 0`),
    check('ledger_transfers_accounts_check', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
  ],
);
