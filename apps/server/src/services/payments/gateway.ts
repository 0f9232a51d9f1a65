/**
 * The payment gateway seam (ADR 33). A request is recorded (and a withdrawal held) by
 * requests.ts whatever the gateway; the gateway then says where deposits are paid and whether a
 * new request is settled at once or waits. Approval and rejection always go through one path,
 * `settlePaymentRequest`, the one the agent's decision takes too: a gateway that confirms later by
 * callback calls it from its own route with the request id, and money/ is never touched.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { PaymentDetail } from '@exchange/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { agentPaymentDetails, type paymentRequests } from '../../db/schema/index.ts';

export type PaymentRequestRecord = typeof paymentRequests.$inferSelect;

/**
 * What the gateway makes of a new request: 'PENDING' leaves it to a later decision (the agent's,
 * or the gateway's callback); 'APPROVED' / 'REJECTED' settle it at once through the same path.
 */
export type GatewayVerdict = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface PaymentGateway {
  /** Stored on each request (payment_requests.gateway). */
  readonly id: string;
  /** Where a user of this agent pays deposits to. */
  depositMethods(db: DbOrTx, agentId: number): Promise<PaymentDetail[]>;
  /** Told after the deposit request is committed (never inside a transaction: it may call out). */
  onDepositRequested(request: PaymentRequestRecord): Promise<GatewayVerdict>;
  /** Told after the withdrawal is committed and its amount held. */
  onWithdrawRequested(request: PaymentRequestRecord): Promise<GatewayVerdict>;
}

/** The agent's active UPI ids and bank accounts, oldest first. */
export async function agentDepositMethods(db: DbOrTx, agentId: number): Promise<PaymentDetail[]> {
  const rows = await db
    .select()
    .from(agentPaymentDetails)
    .where(and(eq(agentPaymentDetails.agentId, agentId), eq(agentPaymentDetails.active, true)))
    .orderBy(asc(agentPaymentDetails.id));
  return rows.map(paymentDetailView);
}

export function paymentDetailView(row: typeof agentPaymentDetails.$inferSelect): PaymentDetail {
  return {
    id: row.id,
    method: row.method,
    account_name: row.accountName,
    upi_id: row.upiId,
    account_number: row.accountNumber,
    ifsc: row.ifsc,
    bank_name: row.bankName,
  };
}

/** The built-in gateway: the user pays the agent by UPI or bank transfer, the agent decides. */
export const manualGateway: PaymentGateway = {
  id: 'manual',
  depositMethods: agentDepositMethods,
  onDepositRequested: async () => 'PENDING',
  onWithdrawRequested: async () => 'PENDING',
};
