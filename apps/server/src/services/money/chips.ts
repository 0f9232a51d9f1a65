/**
 * Chips down and up the agent tree (ADR 32): one ledger transfer between an agent's account and a
 * direct user's, exactly once per key. A repeat with the same key and body returns the first
 * transfer and moves nothing; the same key with another body is refused.
 */
import { eq } from 'drizzle-orm';
import type { Paise, TransferRequest } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerTransfers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { transfer, type LedgerTransfer } from './ledger.ts';

export interface ChipsMove {
  idempotencyKey: string;
  agentAccountId: number;
  userAccountId: number;
  direction: 'deposit' | 'withdraw';
  amountPaise: Paise;
  remark: string;
}

const sameBody = (t: LedgerTransfer, req: TransferRequest) =>
  t.debitAccountId === req.debitAccountId &&
  t.creditAccountId === req.creditAccountId &&
  t.amountPaise === req.amountPaise &&
  t.reason === req.reason &&
  t.remark === req.remark;

/**
 * A deposit debits the agent (CHIPS_IN to the user), a withdraw debits the user (CHIPS_OUT). The
 * ledger refuses a debit beyond the debited user account's available balance (balance less
 * exposure) under the accounts' row locks, so concurrent withdraws cannot take what is at risk.
 */
export async function moveChips(db: DbOrTx, move: ChipsMove, at: Date): Promise<{ transfer: LedgerTransfer; created: boolean }> {
  const deposit = move.direction === 'deposit';
  const req: TransferRequest = {
    idempotencyKey: move.idempotencyKey,
    debitAccountId: deposit ? move.agentAccountId : move.userAccountId,
    creditAccountId: deposit ? move.userAccountId : move.agentAccountId,
    amountPaise: move.amountPaise,
    reason: deposit ? 'CHIPS_IN' : 'CHIPS_OUT',
    remark: move.remark,
  };
  let result: { transfer: LedgerTransfer; created: boolean };
  try {
    result = await transfer(db, req, at);
  } catch (error) {
    // A repeat that waited on the first one's locks sees the funds it moved already gone: it is
    // still a repeat, answered with the first transfer.
    const [first] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, req.idempotencyKey));
    if (!first) throw error;
    result = { transfer: first, created: false };
  }
  if (!result.created && !sameBody(result.transfer, req)) {
    throw new AppError(409, 'CLIENT_REF_CONFLICT', 'This client_ref was already used for a different transfer');
  }
  return result;
}
