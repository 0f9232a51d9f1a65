import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Balance } from '@exchange/contracts';
import {
  assertValidTransfer,
  canDebit,
  paiseToRupees,
  transferPostings,
  type TransferReason,
  type TransferRequest,
} from '@exchange/engine';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;
export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

export interface TransferResult {
  transfer: LedgerTransfer;
  /** false when the idempotency key was already used: the first transfer is returned, nothing moves. */
  created: boolean;
}

/**
 * The only reasons a debit may take a user's available balance below zero, leaving a debt: the
 * operator taking back the win of a voided bet, which the bettor may have spent (ADR 35). While
 * a user's available balance is negative, bets and withdrawals are refused.
 */
const OVERDRAW_REASONS: ReadonlySet<TransferReason> = new Set<TransferReason>(['BET_VOID_REVERSAL']);

export interface TransferOptions {
  /** Take the debit even past the user's available balance (only for OVERDRAW_REASONS). */
  overdraw?: boolean;
}

/**
 * Moves money between two accounts in one transaction: locks both accounts in id order (so
 * concurrent transfers cannot deadlock), records the transfer with each side's balance after
 * it (idempotent on its key: a repeat returns the first transfer and moves nothing), refuses a
 * debit that would leave a user account's available balance negative (unless `overdraw`, for
 * the reasons allowed to), then applies the postings to both balances.
 */
export async function transfer(db: DbOrTx, req: TransferRequest, at: Date, options: TransferOptions = {}): Promise<TransferResult> {
  assertValidTransfer(req);
  if (options.overdraw && !OVERDRAW_REASONS.has(req.reason)) {
    throw new Error(`A ${req.reason} transfer may not overdraw an account`);
  }
  return db.transaction(async (tx) => {
    const existing = await transferByKey(tx, req.idempotencyKey);
    if (existing) return { transfer: existing, created: false };
    const ids = [req.debitAccountId, req.creditAccountId];
    const accounts = await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids)).orderBy(asc(ledgerAccounts.id)).for('update');
    const debit = accounts.find((a) => a.id === req.debitAccountId);
    const credit = accounts.find((a) => a.id === req.creditAccountId);
    if (!debit || !credit) throw new Error(`Ledger account missing for transfer ${req.idempotencyKey}`);
    if (!options.overdraw && !canDebit(debit, req.amountPaise)) throw new AppError(400, 'INSUFFICIENT_FUNDS', 'Insufficient balance');
    const [inserted] = await tx
      .insert(ledgerTransfers)
      .values({
        ...req,
        debitBalanceAfterPaise: debit.balancePaise - req.amountPaise,
        creditBalanceAfterPaise: credit.balancePaise + req.amountPaise,
        createdAt: at,
      })
      .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
      .returning();
    if (!inserted) {
      // A concurrent transfer with the same key committed between our check and insert.
      const first = await transferByKey(tx, req.idempotencyKey);
      if (!first) throw new Error(`Transfer ${req.idempotencyKey} conflicted but cannot be read`);
      return { transfer: first, created: false };
    }
    for (const posting of transferPostings(req)) {
      await tx
        .update(ledgerAccounts)
        .set({ balancePaise: sql`${ledgerAccounts.balancePaise} + ${posting.deltaPaise}` })
        .where(eq(ledgerAccounts.id, posting.accountId));
    }
    return { transfer: inserted, created: true };
  });
}

async function transferByKey(db: DbOrTx, idempotencyKey: string): Promise<LedgerTransfer | undefined> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  return row;
}

type AccountMoney = Pick<LedgerAccount, 'balancePaise' | 'exposurePaise'>;

/** What a user can still stake: the balance less the exposure reserved by open bets (ADR 27). */
export const availablePaise = (account: AccountMoney): number => account.balancePaise - account.exposurePaise;

/**
 * The balance every call and push answers (ADR 27): the total, the exposure, and the amount
 * available to bet that the screens show as "Balance". Built here only, so no answer can differ.
 */
export function balanceView(account: AccountMoney): Balance {
  return {
    total_balance: paiseToRupees(account.balancePaise),
    liability: paiseToRupees(account.exposurePaise),
    available_balance: paiseToRupees(availablePaise(account)),
  };
}

export async function accountOfUser(db: DbOrTx, userId: number): Promise<LedgerAccount> {
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  if (!account) throw new Error(`User ${userId} has no ledger account`);
  return account;
}

/** The world account (created on first use): the counterparty of deposits from outside. */
export async function worldAccount(db: DbOrTx): Promise<LedgerAccount> {
  await db.insert(ledgerAccounts).values({ kind: 'world' }).onConflictDoNothing();
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'world'));
  if (!account) throw new Error('World account missing');
  return account;
}

/**
 * The house (commission, bookmaker and fancy counterparty), clearing (exchange settlement),
 * casino (casino wallet counterparty), payout (withdrawals held until decided, ADR 33) or shares
 * (the counterparty of the levels' P&L accounts, ADR 48) account, created on first use.
 */
export async function systemAccount(db: DbOrTx, kind: 'house' | 'clearing' | 'casino' | 'payout' | 'shares'): Promise<LedgerAccount> {
  await db.insert(ledgerAccounts).values({ kind }).onConflictDoNothing();
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind));
  if (!account) throw new Error(`${kind} account missing`);
  return account;
}

/** The P&L account of an agent or the root (ADR 48), created on first use: its share of its downline's results. */
export async function pnlAccountOf(db: DbOrTx, userId: number): Promise<LedgerAccount> {
  await db.insert(ledgerAccounts).values({ kind: 'pnl', pnlOfUserId: userId }).onConflictDoNothing();
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.pnlOfUserId, userId));
  if (!account) throw new Error(`P&L account of user ${userId} missing`);
  return account;
}

export async function openUserAccount(db: DbOrTx, userId: number): Promise<LedgerAccount> {
  const [account] = await db.insert(ledgerAccounts).values({ kind: 'user', userId }).returning();
  if (!account) throw new Error(`Could not open an account for user ${userId}`);
  return account;
}

/**
 * The invariants a checker can verify at any time: all balances sum to zero, and each
 * account's balance equals the sum of its postings. Returns the accounts that disagree.
 */
export async function checkLedger(db: DbOrTx): Promise<{ sumPaise: number; mismatchedAccountIds: number[] }> {
  const rows = await queryRows<{ id: number; balance: string | number; postings: string | number }>(
    db,
    sql`
    select a.id,
           a.balance_paise as balance,
           coalesce((select sum(t.amount_paise) from ledger_transfers t where t.credit_account_id = a.id), 0)
         - coalesce((select sum(t.amount_paise) from ledger_transfers t where t.debit_account_id = a.id), 0) as postings
    from ledger_accounts a order by a.id`,
  );
  let sumPaise = 0;
  const mismatchedAccountIds: number[] = [];
  for (const row of rows) {
    sumPaise += Number(row.balance);
    if (Number(row.balance) !== Number(row.postings)) mismatchedAccountIds.push(Number(row.id));
  }
  return { sumPaise, mismatchedAccountIds };
}
