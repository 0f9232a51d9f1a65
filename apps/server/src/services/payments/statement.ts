/**
 * Reading payment requests (ADR 33): the bettor's own between two IST days (the payment
 * statement), and an agent's inbox: the requests addressed to it (the root: all), with the
 * requester's name and available balance; the receipt of one of them.
 */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AgentPaymentRequestRow, PaymentKind, PaymentStatementPage, PaymentStatus } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, paymentRequests, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { istDayRange } from '@exchange/contracts';
import { requestsDecidedBy } from '../downline.ts';
import { availablePaise } from '../money/index.ts';
import { readReceipt } from './receipts.ts';
import { requestForDecider, requestRow, type Decider, type Payer, type PaymentServices } from './requests.ts';

interface Filter {
  kind?: PaymentKind;
  status?: PaymentStatus;
  page: number;
  limit: number;
}

const filterOf = (f: Filter): (SQL | undefined)[] => [
  f.kind ? eq(paymentRequests.kind, f.kind) : undefined,
  f.status ? eq(paymentRequests.status, f.status) : undefined,
];

/** The caller's requests made between two IST days (inclusive), newest first, one page. */
export async function paymentStatement(
  db: Db,
  payer: Payer,
  q: Filter & { from_date: string; to_date: string },
): Promise<PaymentStatementPage> {
  const where = and(
    eq(paymentRequests.userId, payer.userId),
    gte(paymentRequests.createdAt, istDayRange(q.from_date).start),
    lt(paymentRequests.createdAt, istDayRange(q.to_date).end),
    ...filterOf(q),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentRequests)
      .where(where)
      .orderBy(desc(paymentRequests.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(paymentRequests).where(where),
  ]);
  return { rows: rows.map(requestRow), total: Number(total?.n ?? 0), page: q.page, limit: q.limit };
}

/** The requests addressed to the caller (the root: all), newest first, one page. */
export async function agentPaymentRequests(db: Db, decider: Decider, q: Filter) {
  const where = and(requestsDecidedBy(paymentRequests.agentId, decider), ...filterOf(q));
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: paymentRequests, userName: users.userName, balancePaise: ledgerAccounts.balancePaise, exposurePaise: ledgerAccounts.exposurePaise })
      .from(paymentRequests)
      .innerJoin(users, eq(users.id, paymentRequests.userId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.userId, paymentRequests.userId))
      .where(where)
      .orderBy(desc(paymentRequests.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(paymentRequests).where(where),
  ]);
  return {
    rows: rows.map(
      (r): AgentPaymentRequestRow => ({
        ...requestRow(r.request),
        user_id: r.request.userId,
        user_name: r.userName,
        user_available_balance: paiseToRupees(availablePaise(r)),
      }),
    ),
    total: Number(total?.n ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/** A request's receipt image as a data URL, for the agent it is addressed to (or the root). */
export async function paymentReceipt(svc: PaymentServices, decider: Decider, requestId: number) {
  const row = await requestForDecider(svc.db, decider, requestId);
  const receipt = row.receiptFile ? await readReceipt(svc.payments.receiptsDir, row.receiptFile) : null;
  if (!receipt) throw notFound('This request has no receipt');
  return receipt;
}
