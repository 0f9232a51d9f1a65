import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.ts';
import { users } from './users.ts';

/**
 * A player's casino session: the token the platform hands the provider at launch and the
 * provider sends back in every wallet call. Only its sha256 is stored. It is bound to one user,
 * one game and the platform session that launched it (logout ends it); it expires after a short
 * idle time (balance and debit calls extend it) and at a hard limit.
 */
export const casinoLaunchTokens = pgTable(
  'casino_launch_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    gameCode: text('game_code').notNull(),
    /** sha256 of the platform bearer token that launched the game. */
    sessionTokenHash: text('session_token_hash').notNull(),
    /** 1 desktop, 3 mobile. */
    launchType: integer('launch_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    /** Idle expiry, moved forward by balance and debit calls (never past maxExpiresAt). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxExpiresAt: timestamp('max_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('casino_launch_tokens_user_idx').on(t.userId)],
);

export const CASINO_TRANSACTION_KINDS = ['debit', 'credit', 'rollback'] as const;
export type CasinoTransactionKind = (typeof CASINO_TRANSACTION_KINDS)[number];
/** Life of a debit (a bet): open until its credit (settled) or rollback (rolled_back). */
export const CASINO_BET_STATES = ['open', 'settled', 'rolled_back'] as const;
export type CasinoBetStateColumn = (typeof CASINO_BET_STATES)[number];

/**
 * Every wallet call the provider made, keyed by its transactionId: the idempotency record (the
 * first answer is replayed to a repeat), the bet book of the Live Casino Bets report, and the
 * rollback markers (a rollback whose debit never arrived; that debit is then refused).
 */
export const casinoTransactions = pgTable(
  'casino_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerId: text('provider_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind', { enum: CASINO_TRANSACTION_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    gameCode: text('game_code').notNull(),
    roundId: text('round_id').notNull(),
    /** Provider's bet id (debit, credit and rollback of one bet share it). */
    betId: text('bet_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /**
     * Debits: the most the bet can pay back, as the provider stated at debit; a credit above it is
     * refused (PAYOUT_EXCEEDED). Null on debits recorded before it was asked for (unbounded).
     */
    maxPayoutPaise: bigint('max_payout_paise', { mode: 'number' }),
    /** The debit a credit or rollback refers to. */
    referenceTransactionId: text('reference_transaction_id'),
    /** The wallet status answered (replayed to a repeat). */
    status: text('status').notNull(),
    /** The available balance answered, when known. */
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'number' }),
    /** sha256 of the request body without its token: same id with another hash is a duplicate. */
    requestHash: text('request_hash').notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** Debits answered OK: open, then settled or rolled_back. */
    betState: text('bet_state', { enum: CASINO_BET_STATES }),
    /** Debits: what the credit paid (0 for a loss) or the refund of a rollback. */
    returnedPaise: bigint('returned_paise', { mode: 'number' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** A rollback that found no debit: it blocks that debit when it arrives. */
    marker: boolean('marker').notNull().default(false),
    /** The bet (debit), the bet and result (credit), the reason (rollback), as sent. */
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('casino_transactions_provider_tx_idx').on(t.providerId, t.transactionId),
    index('casino_transactions_reference_idx').on(t.providerId, t.referenceTransactionId),
    index('casino_transactions_user_created_idx').on(t.userId, t.createdAt),
    index('casino_transactions_round_idx').on(t.gameCode, t.roundId, t.userId),
    check('casino_transactions_amount_check', sql`${t.amountPaise} >= 0`),
    check('casino_transactions_max_payout_check', sql`${t.maxPayoutPaise} IS NULL OR ${t.maxPayoutPaise} >= 0`),
  ],
);
