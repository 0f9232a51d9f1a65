import type { AgentPaymentRequestRow } from '@exchange/contracts';
import { formatAmount } from '@/lib/format';

export const KIND_LABEL = { DEPOSIT: 'Deposit', WITHDRAW: 'Withdrawal' } as const;
export const STATUS_LABEL = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' } as const;

/** Where the money came from (a deposit's UTR) or goes to (a withdrawal's UPI id or bank account). */
export function paymentDetails(
  r: Pick<AgentPaymentRequestRow, 'kind' | 'utr' | 'account_name' | 'upi_id' | 'account_number' | 'ifsc'>,
): string {
  if (r.kind === 'DEPOSIT') return r.utr ? `UTR ${r.utr}` : '';
  const to = r.upi_id ?? [r.account_number, r.ifsc].filter(Boolean).join(' · ');
  return [r.account_name, to].filter(Boolean).join(', ');
}

/**
 * What deciding a request moves (ADR 33), said in the confirmation: an approved deposit is paid
 * from the agent's chips, a withdrawal was held when asked and is paid out or given back.
 */
export function decisionEffect(
  r: Pick<AgentPaymentRequestRow, 'kind' | 'amount' | 'user_name'>,
  approve: boolean,
  byOperator: boolean,
): string {
  const amount = formatAmount(r.amount);
  const from = byOperator ? "the request's agent's balance" : 'your balance';
  if (r.kind === 'DEPOSIT')
    return approve
      ? `${r.user_name} is credited ${amount} from ${from}.`
      : `No money moves; ${r.user_name} sees the deposit rejected.`;
  return approve
    ? `The ${amount} held since the request is paid out to ${byOperator ? "the request's agent" : 'you'}: pay ${r.user_name} the money.`
    : `The ${amount} held since the request goes back to ${r.user_name}'s balance.`;
}
