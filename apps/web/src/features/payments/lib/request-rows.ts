import type { PaymentKind, PaymentMethod, PaymentRequestRow, PaymentStatus } from '@exchange/contracts';

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
