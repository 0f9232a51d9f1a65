/**
 * Double-entry ledger rules (TigerBeetle's model): money only moves as a transfer between two
 * accounts, in integer paise, with a reason code and an idempotency key. Every transfer debits
 * one account and credits another by the same amount, so the sum of all balances stays zero.
 * The database applies transfers; these pure functions state the rules it follows.
 */
import type { Paise } from './money.ts';

/** Cash and chips movements: DEPOSIT / WITHDRAW between the world and the operator, CHIPS_IN /
 * CHIPS_OUT down and up the agent tree. Statements show them as deposits and withdrawals. */
export const CHIPS_REASONS = ['DEPOSIT', 'WITHDRAW', 'CHIPS_IN', 'CHIPS_OUT'] as const;
/** A bettor's payment requests (ADR 33): an approved deposit (agent to user); a withdrawal's
 * amount held when asked (user to payout), paid on approval (payout to agent) or released on
 * rejection (payout back to user). */
export const PAYMENT_REASONS = ['PAYMENT_DEPOSIT', 'WITHDRAW_HOLD', 'WITHDRAW_PAID', 'WITHDRAW_RELEASED'] as const;
/** Betting: a user's net result on a settled market, the commission on a net win, and the
 * exact reversal of a settlement's postings when a result is rolled back, and the operator's
 * taking back of a voided winning bet's win. */
export const BET_REASONS = ['BET_SETTLEMENT', 'COMMISSION', 'SETTLEMENT_ROLLBACK', 'BET_VOID_REVERSAL'] as const;
/** The casino provider's seamless-wallet calls. */
export const CASINO_REASONS = ['CASINO_DEBIT', 'CASINO_CREDIT', 'CASINO_ROLLBACK'] as const;
/** Why money moved. */
/** The agents' business (ADR 48): a level's share of its bettors' results, the commission paid to
 * a bettor (on a market; on a casino round, named so that the statement lists it as casino), and
 * a level's part of that commission. */
export const PARTNERSHIP_REASONS = [
  'PARTNERSHIP_SHARE',
  'AGENT_COMMISSION',
  'CASINO_COMMISSION',
  'COMMISSION_SHARE',
] as const;
export const TRANSFER_REASONS = [...CHIPS_REASONS, ...PAYMENT_REASONS, ...BET_REASONS, ...CASINO_REASONS, ...PARTNERSHIP_REASONS] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

export interface TransferRequest {
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  amountPaise: Paise;
  reason: TransferReason;
  remark: string;
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;

/** Throws a RangeError when the transfer breaks a precondition (not a business refusal). */
export function assertValidTransfer(t: TransferRequest): void {
  if (!Number.isSafeInteger(t.amountPaise) || t.amountPaise <= 0) {
    throw new RangeError(`Transfer amount must be a positive integer of paise: ${t.amountPaise}`);
  }
  if (t.debitAccountId === t.creditAccountId) throw new RangeError('Transfer between the same account');
  if (t.idempotencyKey.length === 0 || t.idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new RangeError('Idempotency key must be 1 to 128 characters');
  }
  if (!TRANSFER_REASONS.includes(t.reason)) throw new RangeError(`Unknown transfer reason: ${t.reason}`);
}

/** Balance changes of one transfer: the debited account loses the amount, the credited gains it. */
export function transferPostings(t: Pick<TransferRequest, 'debitAccountId' | 'creditAccountId' | 'amountPaise'>) {
  return [
    { accountId: t.debitAccountId, deltaPaise: -t.amountPaise },
    { accountId: t.creditAccountId, deltaPaise: t.amountPaise },
  ] as const;
}

/** world funds deposits; house takes commission and is the bookmaker's and fancy's counterparty;
 * clearing passes exchange winnings from losers to winners (nets to zero per settled market);
 * casino is the counterparty of the casino provider's wallet calls (its balance is casino GGR);
 * payout holds pending withdrawals (ADR 33); pnl is an agent's P&L from partnership and shares
 * its counterparty (ADR 48): neither holds chips anyone can spend, so either may go negative. */
export type AccountKind = 'world' | 'house' | 'clearing' | 'casino' | 'payout' | 'user' | 'shares' | 'pnl';

/**
 * Whether a debit of amount leaves the account's available balance (balance - exposure) at or
 * above zero. Only user accounts are held to it; the operator's accounts may go negative.
 */
export function canDebit(account: { kind: AccountKind; balancePaise: Paise; exposurePaise: Paise }, amountPaise: Paise): boolean {
  return account.kind !== 'user' || account.balancePaise - account.exposurePaise >= amountPaise;
}
