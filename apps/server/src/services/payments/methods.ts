/**
 * Where money goes (ADR 33): the ways to pay the parent agent (through the gateway), the user's
 * saved payout accounts, and an agent setting its own UPI id or bank account.
 */
import { and, asc, eq } from 'drizzle-orm';
import { PAYMENT_MAX_AMOUNT, PAYMENT_MIN_AMOUNT, type PaymentDetail, type PaymentMethods } from '@exchange/contracts';
import { agentPaymentDetails, payoutAccounts, users } from '../../db/schema/index.ts';
import { paymentDetailView } from './gateway.ts';
import { assertPaymentsOpen, type Payer, type PaymentServices } from './requests.ts';

export async function paymentMethods(svc: PaymentServices, payer: Payer): Promise<PaymentMethods> {
  const agentId = await assertPaymentsOpen(svc.db, payer);
  const [methods, saved] = await Promise.all([
    svc.payments.gateway.depositMethods(svc.db, agentId),
    svc.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, payer.userId)).orderBy(asc(payoutAccounts.method)),
  ]);
  return {
    methods,
    saved_accounts: saved.map((s) => ({
      method: s.method,
      account_name: s.accountName,
      upi_id: s.upiId,
      account_number: s.accountNumber,
      ifsc: s.ifsc,
    })),
    min_amount: PAYMENT_MIN_AMOUNT,
    max_amount: PAYMENT_MAX_AMOUNT,
  };
}

export interface PaymentDetailsInput {
  method: 'UPI' | 'BANK';
  account_name: string;
  upi_id?: string;
  account_number?: string;
  ifsc?: string;
  bank_name?: string;
}

/**
 * The caller's new details of one method, replacing its active ones of that method (kept,
 * inactive, for the requests that named them). Only the fields of the method are stored.
 */
export async function setPaymentDetails(svc: Pick<PaymentServices, 'db' | 'clock'>, agentId: number, body: PaymentDetailsInput): Promise<PaymentDetail> {
  const bank = body.method === 'BANK';
  const at = svc.clock();
  return svc.db.transaction(async (tx) => {
    // Two changes at once would each keep their own row active: the agent's row serializes them.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, agentId)).for('update');
    await tx
      .update(agentPaymentDetails)
      .set({ active: false })
      .where(and(eq(agentPaymentDetails.agentId, agentId), eq(agentPaymentDetails.method, body.method), eq(agentPaymentDetails.active, true)));
    const [row] = await tx
      .insert(agentPaymentDetails)
      .values({
        agentId,
        method: body.method,
        accountName: body.account_name,
        upiId: bank ? null : body.upi_id!,
        accountNumber: bank ? body.account_number! : null,
        ifsc: bank ? body.ifsc! : null,
        bankName: bank ? (body.bank_name ?? null) : null,
        createdAt: at,
      })
      .returning();
    return paymentDetailView(row!);
  });
}
