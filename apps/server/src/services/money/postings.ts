/**
 * Posting many transfers inside one transaction (settlement, rollback): the same bookkeeping as
 * ledger.transfer() — idempotent keys, each side's balance after, balances kept in step — for a
 * batch. The caller has locked the accounts (in id order). These are obligations (settling what
 * already happened), so a user's available balance is not checked: the released exposure covers
 * a settlement; a rollback may leave a user owing.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import { assertValidTransfer, type TransferRequest } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/index.ts';

/**
 * Locks the accounts in the fixed order every money path uses, and returns their balances: the
 * chips and system accounts in id order, then the partnership accounts (`shares`, the levels'
 * `pnl`, ADR 48) in id order. Partnership accounts come last because a casino credit reaches
 * them after its own user's account, which it locked first: taken in plain id order, a
 * settlement holding a partnership account could wait for that user while the credit waits for
 * the partnership account.
 */
export async function lockAccounts(
  tx: DbOrTx,
  accountIds: Iterable<number>,
): Promise<Map<number, { balancePaise: number; exposurePaise: number }>> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  const out = new Map<number, { balancePaise: number; exposurePaise: number }>();
  if (ids.length === 0) return out;
  const { id, balancePaise, exposurePaise, kind } = ledgerAccounts;
  // Rows are locked in the order the sort returns them.
  const rows = await tx
    .select({ id, balancePaise, exposurePaise })
    .from(ledgerAccounts)
    .where(inArray(id, ids))
    .orderBy(sql`${kind} in ('shares', 'pnl')`, asc(id))
    .for('update');
  for (const r of rows) out.set(r.id, { balancePaise: r.balancePaise, exposurePaise: r.exposurePaise });
  return out;
}

/** Posts the transfers not posted yet (by key); returns how many were posted. Accounts must be locked. */
export async function postTransfers(
  tx: DbOrTx,
  transfers: readonly TransferRequest[],
  at: Date,
): Promise<number> {
  if (transfers.length === 0) return 0;
  transfers.forEach(assertValidTransfer);
  const keys = transfers.map((t) => t.idempotencyKey);
  const done = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await tx
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.idempotencyKey, keys.slice(i, i + 500)));
    for (const r of rows) done.add(r.key);
  }
  const todo = transfers.filter((t) => !done.has(t.idempotencyKey));
  if (todo.length === 0) return 0;
  const accounts = await lockAccounts(
    tx,
    todo.flatMap((t) => [t.debitAccountId, t.creditAccountId]),
  );
  const rows = todo.map((t) => {
    const debit = accounts.get(t.debitAccountId);
    const credit = accounts.get(t.creditAccountId);
    if (!debit || !credit) throw new Error(`Ledger account missing for transfer ${t.idempotencyKey}`);
    debit.balancePaise -= t.amountPaise;
    credit.balancePaise += t.amountPaise;
    return {
      ...t,
      debitBalanceAfterPaise: debit.balancePaise,
      creditBalanceAfterPaise: credit.balancePaise,
      createdAt: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(ledgerTransfers).values(rows.slice(i, i + 500));
  const touched = new Set(todo.flatMap((t) => [t.debitAccountId, t.creditAccountId]));
  for (const id of [...touched].sort((a, b) => a - b)) {
    await tx
      .update(ledgerAccounts)
      .set({ balancePaise: accounts.get(id)!.balancePaise })
      .where(sql`${ledgerAccounts.id} = ${id}`);
  }
  return todo.length;
}
