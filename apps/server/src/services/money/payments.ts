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

/** What the payer is told when the ledger refuses a movement for funds (INSUFFICIENT_FUNDS). */
const SHORT_OF_FUNDS = {
  user: 'The amount is more than your available balance',
  agent: "The agent's available balance is less than this deposit",
} as const;

/**
 * One movement of a payment request: its key, its two accounts (debited, credited) and its
 * reason; `shortOfFunds` rewords the ledger's INSUFFICIENT_FUNDS for the payer (other errors
 * pass through).
 */
async function paymentTransfer(
  tx: DbOrTx,
  key: string,
  m: PaymentMove,
  [debitAccountId, creditAccountId]: [number, number],
  reason: TransferReason,
  at: Date,
  shortOfFunds?: string,
): Promise<TransferResult> {
  const req = {
    idempotencyKey: key,
    debitAccountId,
    creditAccountId,
    amountPaise: m.amountPaise,
    reason,
    remark: m.remark,
  };
  try {
    return await transfer(tx, req, at);
  } catch (error) {
    if (shortOfFunds && error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
      throw new AppError(400, 'INSUFFICIENT_FUNDS', shortOfFunds);
    throw error;
  }
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
  const accounts: [number, number] = [m.userAccountId, payout.id];
  return paymentTransfer(tx, holdKey(m.requestId), m, accounts, 'WITHDRAW_HOLD', at, SHORT_OF_FUNDS.user);
}

/**
 * The decision on a held withdrawal: the held amount leaves the payout account, for the agent who
 * paid the user outside (WITHDRAW_PAID, approved) or back to the user (WITHDRAW_RELEASED, rejected).
 */
export async function decideWithdrawal(
  tx: DbOrTx,
  m: PaymentMove,
  toAccountId: number,
  reason: 'WITHDRAW_PAID' | 'WITHDRAW_RELEASED',
  at: Date,
): Promise<TransferResult> {
  const payout = await systemAccount(tx, 'payout');
  return paymentTransfer(tx, decisionKey(m.requestId), m, [payout.id, toAccountId], reason, at);
}

/**
 * Credits an approved deposit from the agent, who was paid outside. Refused with
 * INSUFFICIENT_FUNDS when the agent's available balance is short.
 */
export function creditDeposit(
  tx: DbOrTx,
  m: PaymentMove & { agentAccountId: number; userAccountId: number },
  at: Date,
): Promise<TransferResult> {
  const accounts: [number, number] = [m.agentAccountId, m.userAccountId];
  return paymentTransfer(
    tx,
    decisionKey(m.requestId),
    m,
    accounts,
    'PAYMENT_DEPOSIT',
    at,
    SHORT_OF_FUNDS.agent,
  );
}
