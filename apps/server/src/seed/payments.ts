/**
 * The demo's payments (ADR 33): agent1's UPI id and bank account, and for demo3 one approved
 * deposit and one pending withdrawal (held), made through the payment services so the ledger carries
 * them as it would any request. Idempotent: details are set only when agent1 has none, and the
 * requests carry fixed client_refs (a repeat answers the first, and deciding again the same way
 * answers the decided request).
 */
import { tmpdir } from 'node:os';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agentPaymentDetails } from '../db/schema/index.ts';
import { CommitFeed } from '../services/betting/index.ts';
import { manualGateway, requestDeposit, requestWithdraw, setPaymentDetails, settlePaymentRequest, type PaymentServices } from '../services/payments/index.ts';
import { getGlobalSettings } from '../services/settings.ts';
import { findUserByName } from '../services/users.ts';

export const DEMO_AGENT_UPI = 'agent1pay@okaxis';
export const DEMO_AGENT_IFSC = 'HDFC0001234';
export const DEMO_DEPOSIT_UTR = '412345678901';
/**
 * The deposit and the withdrawal are of one amount, so demo3 keeps its ₹1,00,000 (the pending
 * withdrawal holds what the deposit brought); agent1 is ₹5,000 down.
 */
export const DEMO_PAYMENT_RUPEES = 5000;

export async function seedPayments(db: Db, now: Date): Promise<void> {
  const [agent, bettor] = [await findUserByName(db, 'agent1'), await findUserByName(db, 'demo3')];
  if (!agent || !bettor) throw new Error('Seed users agent1 and demo3 missing');
  // No receipt is seeded, so no file is written: the folder is never used.
  const svc: PaymentServices = { db, clock: () => now, payments: { gateway: manualGateway, receiptsDir: tmpdir() }, paymentEvents: new CommitFeed() };

  const [details] = await db.select({ n: count() }).from(agentPaymentDetails).where(eq(agentPaymentDetails.agentId, agent.id));
  if ((details?.n ?? 0) === 0) {
    await setPaymentDetails(svc, agent.id, { method: 'UPI', account_name: 'Agent One', upi_id: DEMO_AGENT_UPI });
    await setPaymentDetails(svc, agent.id, {
      method: 'BANK',
      account_name: 'Agent One',
      account_number: '50100012345678',
      ifsc: DEMO_AGENT_IFSC,
      bank_name: 'HDFC Bank',
    });
  }

  // The operator may have turned payments off since: the requests are then left as they are.
  if ((await getGlobalSettings(db)).payment_gateway !== '1') return;
  const payer = { userId: bettor.id, parentId: bettor.parentId };
  const deposit = await requestDeposit(svc, payer, { amount: DEMO_PAYMENT_RUPEES, method: 'UPI', utr: DEMO_DEPOSIT_UTR, client_ref: 'seed-deposit-1' }, undefined);
  await settlePaymentRequest(svc, deposit.request_id, { approve: true, remark: 'Received, thank you', deciderId: agent.id });
  await requestWithdraw(svc, payer, {
    amount: DEMO_PAYMENT_RUPEES,
    method: 'BANK',
    account_name: 'Demo Three',
    account_number: '123456789012',
    ifsc: 'SBIN0005678',
    client_ref: 'seed-withdraw-1',
  });
}
