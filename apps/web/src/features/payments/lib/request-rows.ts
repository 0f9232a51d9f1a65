import type { PaymentKind, PaymentMethod, PaymentRequestRow, PaymentStatus } from '@exchange/contracts';
import { sumAmounts } from '@/lib/format';

export const KIND_LABEL: Record<PaymentKind, string> = { DEPOSIT: 'Deposit', WITHDRAW: 'Withdraw' };
export const METHOD_LABEL: Record<PaymentMethod, string> = { UPI: 'UPI', BANK: 'Bank Transfer' };
export const STATUS_LABEL: Record<PaymentStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/**
 * What names the money's way in a row: the UTR the bettor paid with for a deposit; for a
 * withdrawal the account it is paid out to (account number and IFSC, or the UPI id).
 */
export function requestReference(
  row: Pick<PaymentRequestRow, 'kind' | 'method' | 'utr' | 'account_number' | 'ifsc' | 'upi_id'>,
): string {
  if (row.kind === 'DEPOSIT') return row.utr ? `UTR ${row.utr}` : '';
  if (row.method === 'UPI') return row.upi_id ?? '';
  return [row.account_number, row.ifsc].filter(Boolean).join(' / ');
}

/** One line of a payment statement's totals: the requests of a kind in a status and their sum. */
export interface RequestSum {
  kind: PaymentKind;
  status: PaymentStatus;
  count: number;
  amount: number;
}

/**
 * The rows' deposits and withdrawals, approved and pending apart (a pending deposit has moved no
 * money yet, a pending withdrawal is held); rejected requests moved nothing and are left out.
 * Deposits first, then withdrawals; approved before pending; only what the rows have.
 */
export function requestSums(rows: readonly Pick<PaymentRequestRow, 'kind' | 'status' | 'amount'>[]): RequestSum[] {
  const sums: RequestSum[] = [];
  for (const kind of ['DEPOSIT', 'WITHDRAW'] as const)
    for (const status of ['APPROVED', 'PENDING'] as const) {
      const of = rows.filter((r) => r.kind === kind && r.status === status);
      if (of.length) sums.push({ kind, status, count: of.length, amount: sumAmounts(of.map((r) => r.amount)) });
    }
  return sums;
}
