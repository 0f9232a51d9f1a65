/**
 * Money in and out (ADR 33): the four ledger movements of a payment request. A withdrawal is held
 * when asked (user → payout), then paid to the agent on approval (payout → agent) or released back
 * to the user on rejection (payout → user); an approved deposit moves from the agent to the user.
 *
 * Each is one ledger transfer keyed by the request (`payment:<id>:hold`, `payment:<id>:decision`),
 * and takes the caller's transaction: the request row changes in the same one, so a request and
 * its money never disagree. `transfer()` opens a savepoint inside it; a refusal rolls the whole
 * business action back.
 */
import type { Paise, TransferReason } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { systemAccount, transfer, type TransferResult } from './ledger.ts';

export interface PaymentMove {
  requestId: number;
  amountPaise: Paise;
  /** The line the statement shows. */
  remark: string;
}

export const holdKey = (requestId: number) => `payment:${requestId}:hold`;
export const decisionKey = (requestId: number) => `payment:${requestId}:decision`;

/** Rewords the ledger's INSUFFICIENT_FUNDS for the payment at hand; other errors pass through. */
async function refusingAs<T>(message: string, move: () => Promise<T>): Promise<T> {
  try {
    return await move();
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
      throw new AppError(400, 'INSUFFICIENT_FUNDS', message);
    throw error;
  }
}

/** One movement of a payment request: its key, its two accounts and its reason. */
function paymentTransfer(
  tx: DbOrTx,
  key: string,
  m: PaymentMove,
  accounts: { debitAccountId: number; creditAccountId: number },
  reason: TransferReason,
  at: Date,
): Promise<TransferResult> {
  return transfer(
    tx,
    { idempotencyKey: key, ...accounts, amountPaise: m.amountPaise, reason, remark: m.remark },
    at,
  );
}

/**
 * Holds a withdrawal: the user's amount goes to the payout account at once, so it can no longer be
 * bet. The ledger refuses it beyond the user's available balance (balance less exposure) under
 * the account's row lock.
 */
export async function holdWithdrawal(
  tx: DbOrTx,
  m: PaymentMove & { userAccountId: number },
  at: Date,
): Promise<TransferResult> {
  const payout = await systemAccount(tx, 'payout');
  return refusingAs('The amount is more than your available balance', () =>
    paymentTransfer(
      tx,
      holdKey(m.requestId),
      m,
      { debitAccountId: m.userAccountId, creditAccountId: payout.id },
      'WITHDRAW_HOLD',
      at,
    ),
  );
}

/** Pays an approved withdrawal: the held amount goes to the agent, who paid the user outside. */
export async function payWithdrawal(
  tx: DbOrTx,
  m: PaymentMove & { agentAccountId: number },
  at: Date,
): Promise<TransferResult> {
  const payout = await systemAccount(tx, 'payout');
  return paymentTransfer(
    tx,
    decisionKey(m.requestId),
    m,
    { debitAccountId: payout.id, creditAccountId: m.agentAccountId },
    'WITHDRAW_PAID',
    at,
  );
}

/** Releases a rejected withdrawal: the held amount goes back to the user. */
export async function releaseWithdrawal(
  tx: DbOrTx,
  m: PaymentMove & { userAccountId: number },
  at: Date,
): Promise<TransferResult> {
  const payout = await systemAccount(tx, 'payout');
  return paymentTransfer(
    tx,
    decisionKey(m.requestId),
    m,
    { debitAccountId: payout.id, creditAccountId: m.userAccountId },
    'WITHDRAW_RELEASED',
    at,
  );
}

/**
 * Credits an approved deposit from the agent, who was paid outside. Refused with
 * INSUFFICIENT_FUNDS when the agent's available balance is short.
 */
export async function creditDeposit(
  tx: DbOrTx,
  m: PaymentMove & { agentAccountId: number; userAccountId: number },
  at: Date,
): Promise<TransferResult> {
  return refusingAs("The agent's available balance is less than this deposit", () =>
    paymentTransfer(
      tx,
      decisionKey(m.requestId),
      m,
      { debitAccountId: m.agentAccountId, creditAccountId: m.userAccountId },
      'PAYMENT_DEPOSIT',
      at,
    ),
  );
}
