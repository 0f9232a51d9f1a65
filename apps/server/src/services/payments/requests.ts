/**
 * Deposit and withdrawal requests (ADR 33): made once per (user, client_ref), addressed to the
 * user's parent agent, decided exactly once. Each business action is one transaction holding the
 * request row's change, its ledger movement (money/payments.ts) and its activity record.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DepositRequest, PaymentRequestRow, WithdrawRequest } from '@exchange/contracts';
import { paiseToRupees, rupeesToPaise } from '@exchange/engine';
import type { Db, DbOrTx } from '../../db/client.ts';
import { paymentRequests, payoutAccounts } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import { assertMayGamble, checkDepositLimit } from '../safer-gambling/index.ts';
import { recordActivity, type RequestOrigin } from '../activity.ts';
import {
  accountOfUser,
  balanceView,
  creditDeposit,
  decideWithdrawal,
  holdWithdrawal,
  type TransferResult,
} from '../money/index.ts';
import type { CommitFeed } from '../betting/index.ts';
import { decidesRequest, type AgentCaller } from '../downline.ts';
import { getGlobalSettings } from '../settings.ts';
import type { AuthUser } from '../sessions.ts';
import type { PaymentGateway, PaymentRequestRecord } from './gateway.ts';
import { checkReceipt, removeReceipt, storeReceipt, type UploadedFile } from './receipts.ts';

export interface PaymentConfig {
  gateway: PaymentGateway;
  /** The data folder's receipts/ (a temp folder in tests). */
  receiptsDir: string;
}

/** A request was made or decided: told after its commit (the console's live nudge, ADR 36). */
export interface PaymentCommitted {
  requestId: number;
  userId: number;
  /** The agent it is addressed to (a decision may move its balance). */
  agentId: number;
}
export type PaymentEvents = CommitFeed<PaymentCommitted>;

export interface PaymentServices {
  db: Db;
  clock: Clock;
  payments: PaymentConfig;
  paymentEvents: PaymentEvents;
}

const committed = (svc: PaymentServices, row: PaymentRequestRecord) =>
  svc.paymentEvents.emit({ requestId: row.id, userId: row.userId, agentId: row.agentId });

/** Who asks: a user with a parent agent. */
export type Payer = Pick<AuthUser, 'userId' | 'parentId'>;
/** Who decides: an agent (its own requests) or the root (all). */
export type Decider = AgentCaller;

type DepositBody = z.output<typeof DepositRequest>;

const rupees = (paise: number) => `₹${paiseToRupees(paise).toFixed(2)}`;
export const REQUEST_NOT_FOUND = () => notFound('Payment request not found');

/** Payments are open to a user with a parent agent while the site's payment_gateway is '1'. */
export async function assertPaymentsOpen(db: Db, payer: Payer): Promise<number> {
  const settings = await getGlobalSettings(db);
  if (settings.payment_gateway !== '1') throw new AppError(403, 'PAYMENTS_DISABLED', 'Deposits and withdrawals are turned off');
  if (payer.parentId === null) throw new AppError(403, 'PAYMENTS_DISABLED', 'Deposits and withdrawals need a parent agent');
  return payer.parentId;
}

export function requestRow(r: PaymentRequestRecord): PaymentRequestRow {
  return {
    request_id: r.id,
    kind: r.kind,
    method: r.method,
    amount: paiseToRupees(r.amountPaise),
    status: r.status,
    utr: r.utr,
    has_receipt: r.receiptFile !== null,
    account_name: r.accountName,
    account_number: r.accountNumber,
    ifsc: r.ifsc,
    upi_id: r.upiId,
    remark: r.decisionRemark,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
  };
}

async function answerWithBalance(db: Db, r: PaymentRequestRecord) {
  return { ...requestRow(r), ...balanceView(await accountOfUser(db, r.userId)) };
}

async function byClientRef(db: Db, userId: number, clientRef: string): Promise<PaymentRequestRecord | undefined> {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.clientRef, clientRef)));
  return row;
}

/** The fields a repeat must match; anything else under the same client_ref is another request. */
type RequestTerms = Pick<PaymentRequestRecord, 'kind' | 'method' | 'amountPaise' | 'utr' | 'accountName' | 'accountNumber' | 'ifsc' | 'upiId'>;
const TERM_KEYS = ['kind', 'method', 'amountPaise', 'utr', 'accountName', 'accountNumber', 'ifsc', 'upiId'] as const;

function sameTermsOrConflict(first: PaymentRequestRecord, terms: RequestTerms): PaymentRequestRecord {
  if (TERM_KEYS.some((k) => first[k] !== terms[k])) {
    throw new AppError(409, 'CLIENT_REF_CONFLICT', 'This client_ref was already used for a different request');
  }
  return first;
}

/** Asks the gateway about a committed request; a verdict other than PENDING settles it at once. */
async function consultGateway(svc: PaymentServices, row: PaymentRequestRecord): Promise<PaymentRequestRecord> {
  const { gateway } = svc.payments;
  const verdict = row.kind === 'DEPOSIT' ? await gateway.onDepositRequested(row) : await gateway.onWithdrawRequested(row);
  if (verdict === 'PENDING') return row;
  try {
    return await settlePaymentRequest(svc, row.id, { approve: verdict === 'APPROVED', remark: '', deciderId: null });
  } catch (error) {
    // The request is recorded either way; a refused settlement leaves it pending for the agent.
    if (error instanceof AppError) return row;
    throw error;
  }
}

/**
 * A deposit the user paid to its agent outside (UPI or bank transfer), with the UTR and an
 * optional receipt image. Checked, then recorded PENDING with its receipt; the money moves on
 * approval. A repeat of the client_ref answers the first request and writes nothing.
 */
export async function requestDeposit(
  svc: PaymentServices,
  payer: Payer,
  body: DepositBody,
  file: UploadedFile | undefined,
  origin?: RequestOrigin,
) {
  const agentId = await assertPaymentsOpen(svc.db, payer);
  const receipt = checkReceipt(file);
  const terms: RequestTerms = {
    kind: 'DEPOSIT',
    method: body.method,
    amountPaise: rupeesToPaise(body.amount),
    utr: body.utr,
    accountName: null,
    accountNumber: null,
    ifsc: null,
    upiId: null,
  };
  const first = await byClientRef(svc.db, payer.userId, body.client_ref);
  if (first) return answerWithBalance(svc.db, sameTermsOrConflict(first, terms));
  // No deposits on a break or self-exclusion (ADR 58); a repeat of one asked before still answers.
  await assertMayGamble(svc.db, payer.userId, svc.clock());
  const methods = await svc.payments.gateway.depositMethods(svc.db, agentId);
  if (!methods.some((m) => m.method === body.method)) {
    throw new AppError(400, 'NO_PAYMENT_METHOD', `Your agent has no ${body.method === 'UPI' ? 'UPI id' : 'bank account'} to pay to`);
  }
  if (await utrTaken(svc.db, body.utr)) {
    // A repeat of this client_ref may have committed since the first look: it answers, not refuses.
    const raced = await byClientRef(svc.db, payer.userId, body.client_ref);
    if (raced) return answerWithBalance(svc.db, sameTermsOrConflict(raced, terms));
    throw utrUsed();
  }

  const { receiptsDir } = svc.payments;
  const receiptFile = receipt ? await storeReceipt(receiptsDir, receipt) : null;
  let created: PaymentRequestRecord | undefined;
  try {
    const at = svc.clock();
    created = await svc.db.transaction(async (tx) => {
      await checkDepositLimit(tx, payer.userId, terms.amountPaise, at);
      const [row] = await tx
        .insert(paymentRequests)
        .values({
          ...terms,
          userId: payer.userId,
          agentId,
          gateway: svc.payments.gateway.id,
          clientRef: body.client_ref,
          receiptFile,
          receiptMime: receipt?.mime ?? null,
          createdAt: at,
        })
        // A concurrent request with this client_ref, or a live deposit with this UTR, got in first.
        .onConflictDoNothing()
        .returning();
      if (!row) return undefined;
      const detail = `${rupees(row.amountPaise)} by ${row.method}, UTR ${row.utr}`;
      await recordActivity(tx, { userId: payer.userId, kind: 'DEPOSIT_REQUESTED', origin, detail }, at);
      return row;
    });
  } finally {
    if (!created && receiptFile) await removeReceipt(receiptsDir, receiptFile);
  }
  if (!created) {
    const raced = await byClientRef(svc.db, payer.userId, body.client_ref);
    if (raced) return answerWithBalance(svc.db, sameTermsOrConflict(raced, terms));
    throw utrUsed();
  }
  committed(svc, created);
  return answerWithBalance(svc.db, await consultGateway(svc, created));
}

const utrUsed = () => new AppError(409, 'UTR_ALREADY_USED', 'This UTR was already given for another deposit');

/** A UTR counts once among deposits that are not rejected (the unique index holds it too). */
/** Whether a live (not rejected) deposit already gave this UTR. */
async function utrTaken(db: Db, utr: string): Promise<boolean> {
  const [live] = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.utr, utr), eq(paymentRequests.kind, 'DEPOSIT'), ne(paymentRequests.status, 'REJECTED')));
  return live !== undefined;
}

/**
 * A withdrawal: recorded and its amount held at once (user → payout) in one transaction, so it
 * can no longer be bet; refused beyond the available balance (balance less exposure). The
 * account it is paid to is saved as the user's payout account of that method.
 */
export async function requestWithdraw(svc: PaymentServices, payer: Payer, body: WithdrawRequest, origin?: RequestOrigin) {
  const agentId = await assertPaymentsOpen(svc.db, payer);
  const bank = body.method === 'BANK';
  const terms: RequestTerms = {
    kind: 'WITHDRAW',
    method: body.method,
    amountPaise: rupeesToPaise(body.amount),
    utr: null,
    accountName: body.account_name,
    accountNumber: bank ? body.account_number! : null,
    ifsc: bank ? body.ifsc! : null,
    upiId: bank ? null : body.upi_id!,
  };
  const first = await byClientRef(svc.db, payer.userId, body.client_ref);
  if (first) return answerWithBalance(svc.db, sameTermsOrConflict(first, terms));

  const at = svc.clock();
  const created = await svc.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentRequests)
      .values({ ...terms, userId: payer.userId, agentId, gateway: svc.payments.gateway.id, clientRef: body.client_ref, createdAt: at })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    const userAccount = await accountOfUser(tx, payer.userId);
    const to = bank ? `${terms.accountNumber} (${terms.ifsc})` : terms.upiId;
    const held = await holdWithdrawal(
      tx,
      { requestId: row.id, userAccountId: userAccount.id, amountPaise: row.amountPaise, remark: `Withdrawal #${row.id} held (${row.method} ${to})` },
      at,
    );
    const saved = { accountName: terms.accountName!, upiId: terms.upiId, accountNumber: terms.accountNumber, ifsc: terms.ifsc, updatedAt: at };
    await tx
      .insert(payoutAccounts)
      .values({ userId: payer.userId, method: body.method, ...saved })
      .onConflictDoUpdate({ target: [payoutAccounts.userId, payoutAccounts.method], set: saved });
    const [withHold] = await tx
      .update(paymentRequests)
      .set({ holdTransferId: held.transfer.id })
      .where(eq(paymentRequests.id, row.id))
      .returning();
    await recordActivity(tx, { userId: payer.userId, kind: 'WITHDRAW_REQUESTED', origin, detail: `${rupees(row.amountPaise)} to ${row.method} ${to}` }, at);
    return withHold!;
  });
  if (!created) {
    const raced = await byClientRef(svc.db, payer.userId, body.client_ref);
    if (!raced) throw new Error(`Withdrawal ${body.client_ref} conflicted but cannot be read`);
    return answerWithBalance(svc.db, sameTermsOrConflict(raced, terms));
  }
  committed(svc, created);
  return answerWithBalance(svc.db, await consultGateway(svc, created));
}

export interface Decision {
  approve: boolean;
  remark: string;
  /** The agent or root who decided; null for a gateway's own verdict. */
  deciderId: number | null;
}

/**
 * Approves or rejects a pending request, exactly once: the status moves from PENDING by a
 * conditional update in the same transaction as the money, so of any number of concurrent or
 * repeated calls one moves it. The same decision again answers the decided request; the other
 * one is 409 REQUEST_ALREADY_DECIDED. An approved deposit the agent cannot fund is refused and
 * stays PENDING. This is the one path for the agent's decision and for a gateway's callback.
 */
export async function settlePaymentRequest(svc: PaymentServices, requestId: number, decision: Decision): Promise<PaymentRequestRecord> {
  const status = decision.approve ? 'APPROVED' : 'REJECTED';
  const at = svc.clock();
  const decided = await svc.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentRequests)
      .set({ status, decidedBy: decision.deciderId, decidedAt: at, decisionRemark: decision.remark })
      .where(and(eq(paymentRequests.id, requestId), eq(paymentRequests.status, 'PENDING')))
      .returning();
    if (!row) return undefined;
    const moved = await moveMoney(tx, row, decision.approve, at);
    const [withTransfer] = await tx
      .update(paymentRequests)
      .set({ decisionTransferId: moved?.transfer.id ?? null })
      .where(eq(paymentRequests.id, row.id))
      .returning();
    const what = `${row.kind === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'} #${row.id} of ${rupees(row.amountPaise)}`;
    // On the user's log with the agent as actor; without the agent's address, which is not the user's to see.
    await recordActivity(
      tx,
      {
        userId: row.userId,
        kind: decision.approve ? 'PAYMENT_APPROVED' : 'PAYMENT_REJECTED',
        detail: decision.remark ? `${what}: ${decision.remark}` : what,
        actorId: decision.deciderId ?? undefined,
      },
      at,
    );
    return withTransfer!;
  });
  if (decided) {
    committed(svc, decided);
    return decided;
  }
  const [current] = await svc.db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
  if (!current) throw REQUEST_NOT_FOUND();
  if (current.status !== status) {
    throw new AppError(409, 'REQUEST_ALREADY_DECIDED', `This request was already ${current.status.toLowerCase()}`);
  }
  return current;
}

/** The decision's ledger movement; a rejected deposit moves nothing. */
async function moveMoney(tx: DbOrTx, row: PaymentRequestRecord, approve: boolean, at: Date): Promise<TransferResult | null> {
  const move = { requestId: row.id, amountPaise: row.amountPaise };
  if (row.kind === 'DEPOSIT') {
    if (!approve) return null;
    const [agent, user] = [await accountOfUser(tx, row.agentId), await accountOfUser(tx, row.userId)];
    const remark = `Deposit #${row.id} by ${row.method}, UTR ${row.utr}`;
    return creditDeposit(tx, { ...move, agentAccountId: agent.id, userAccountId: user.id, remark }, at);
  }
  // Approved: the agent paid the user outside, so the held amount is the agent's; rejected: the user's again.
  const to = await accountOfUser(tx, approve ? row.agentId : row.userId);
  const remark = approve ? `Withdrawal #${row.id} paid out` : `Withdrawal #${row.id} rejected: amount released`;
  return decideWithdrawal(tx, { ...move, remark }, to.id, approve ? 'WITHDRAW_PAID' : 'WITHDRAW_RELEASED', at);
}

/** A request the caller decides (addressed to it; the root: any, downline.ts); else 404 like a missing one. */
export async function requestForDecider(db: Db, decider: Decider, requestId: number): Promise<PaymentRequestRecord> {
  const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
  if (!row || !decidesRequest(decider, row.agentId)) throw REQUEST_NOT_FOUND();
  return row;
}

export async function decidePaymentRequest(
  svc: PaymentServices,
  decider: Decider,
  body: { request_id: number; approve: boolean; remark?: string },
): Promise<PaymentRequestRow> {
  const row = await requestForDecider(svc.db, decider, body.request_id);
  const settled = await settlePaymentRequest(svc, row.id, { approve: body.approve, remark: body.remark ?? '', deciderId: decider.userId });
  return requestRow(settled);
}
