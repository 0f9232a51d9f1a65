/**
 * Cash settlements between a parent and a direct child (ADR 48) and the ledger between the two:
 * cash taken or paid outside the site, recorded so that what each side owes the other is always
 * known. A settlement moves no chips and posts nothing: it changes only what the two owe each other.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DataOf, RecordSettlementRequest, SettlementLedgerRequest } from '@exchange/contracts';
import { paiseToRupees, rupeesToPaise } from '@exchange/engine';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { cashSettlements, type ResultSource } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AgentCaller } from '../downline.ts';
import { findUserById, type User } from '../users.ts';
import { bettorsOfChildren, depthOf, directAccount, owedByChildren } from './owed.ts';
import { resultKey, resultTitles } from './result-names.ts';

type Settlement = typeof cashSettlements.$inferSelect;
type LedgerRow = DataOf<'agentGetSettlementLedger'>['rows'][number];

/** Once per (caller, client_ref): what a repeat must match to be the same settlement. */
const sameSettlement = (
  a: Settlement,
  b: Pick<Settlement, 'childId' | 'direction' | 'amountPaise' | 'remark'>,
) =>
  a.childId === b.childId &&
  a.direction === b.direction &&
  a.amountPaise === b.amountPaise &&
  a.remark === b.remark;

/**
 * Records cash RECEIVED from or PAID to a direct account, once per client_ref: a repeat answers
 * the first (`repeated`), the same client_ref with another body is 409 CLIENT_REF_CONFLICT. The
 * unique index settles a race between two repeats: the second waits for the first and finds it.
 */
export async function recordSettlement(
  db: DbOrTx,
  caller: AgentCaller,
  body: z.output<typeof RecordSettlementRequest>,
  at: Date,
): Promise<DataOf<'agentRecordSettlement'>> {
  const child = await directAccount(db, caller, body.user_id);
  const wanted = {
    parentId: caller.userId,
    childId: child.id,
    direction: body.direction,
    amountPaise: rupeesToPaise(body.amount),
    remark: body.remark ?? '',
    clientRef: body.client_ref,
    recordedBy: caller.userId,
    createdAt: at,
  };
  const [inserted] = await db
    .insert(cashSettlements)
    .values(wanted)
    .onConflictDoNothing({ target: [cashSettlements.recordedBy, cashSettlements.clientRef] })
    .returning();
  let row = inserted;
  if (!row) {
    [row] = await db
      .select()
      .from(cashSettlements)
      .where(
        and(eq(cashSettlements.recordedBy, caller.userId), eq(cashSettlements.clientRef, body.client_ref)),
      );
    if (!row || !sameSettlement(row, wanted)) {
      throw new AppError(
        409,
        'CLIENT_REF_CONFLICT',
        'This client_ref was already used for a different settlement',
      );
    }
  }
  const owed = await owedByChildren(db, caller.userId, await depthOf(db, caller.userId), [child.id]);
  return {
    settlement_id: row.id,
    user_id: child.id,
    direction: row.direction,
    amount: paiseToRupees(row.amountPaise),
    remark: row.remark,
    created_at: row.createdAt.toISOString(),
    owed_by_user: paiseToRupees(owed.get(child.id) ?? 0),
    repeated: inserted === undefined,
  };
}

/** The two ends of a ledger: the caller and a direct account, or the caller and its own parent. */
async function ledgerPair(
  db: DbOrTx,
  caller: AgentCaller,
  userId: number | undefined,
): Promise<{ parent: User; child: User }> {
  const me = await findUserById(db, caller.userId);
  if (!me) throw new Error(`Caller ${caller.userId} has no row`);
  if (userId !== undefined) return { parent: me, child: await directAccount(db, caller, userId) };
  const parent = me.parentId === null ? undefined : await findUserById(db, me.parentId);
  if (!parent)
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      'The root has no parent to settle with: choose one of its accounts',
    );
  return { parent, child: me };
}

/**
 * The running ledger between a parent and its direct child, oldest first: one row per result of
 * the child's downline (a market's settlement, a casino bet, a void; rolled-back ones left out)
 * with the bettors' P&L, the commission paid to them and what it adds to what the child owes; one
 * row per settlement; the balance owed after each. Its last balance is `owedByChildren`'s figure.
 */
export async function settlementLedger(
  db: DbOrTx,
  caller: AgentCaller,
  body: z.output<typeof SettlementLedgerRequest>,
): Promise<DataOf<'agentGetSettlementLedger'>> {
  const { parent, child } = await ledgerPair(db, caller, body.user_id);
  const parentDepth = await depthOf(db, parent.id);
  const results = await queryRows<{
    source: ResultSource;
    source_id: string | number;
    version: number;
    at: Date | string;
    pnl: string | number;
    commission: string | number;
    owed: string | number;
  }>(
    db,
    sql`with recursive ${bettorsOfChildren([child.id])}
        select p.source, p.source_id, p.version, min(p.settled_at) as at,
               sum(p.pnl_share_paise) as pnl, sum(p.commission_share_paise) as commission,
               coalesce(sum(p.pnl_share_paise - p.commission_share_paise) filter (where p.depth <= ${parentDepth}), 0) as owed
        from bettors b join partnership_results p on p.user_id = b.id
        where p.rolled_back_at is null
        group by p.source, p.source_id, p.version
        order by at, p.source, p.source_id, p.version`,
  );
  const settlements = await db
    .select()
    .from(cashSettlements)
    .where(and(eq(cashSettlements.parentId, parent.id), eq(cashSettlements.childId, child.id)))
    .orderBy(asc(cashSettlements.createdAt), asc(cashSettlements.id));
  const titles = await resultTitles(
    db,
    results.map((r) => ({ source: r.source, sourceId: Number(r.source_id) })),
  );

  const entries: { at: Date; row: Omit<LedgerRow, 'balance'>; owedPaise: number }[] = [
    ...results.map((r) => {
      const key = resultKey({ source: r.source, sourceId: Number(r.source_id) });
      const at = new Date(r.at);
      return {
        at,
        owedPaise: Number(r.owed),
        row: {
          date: at.toISOString(),
          kind: 'SHARE' as const,
          description: titles.get(key) ?? key,
          // The levels' shares are of minus the bettors' P&L: the bettors' P&L is minus their sum.
          downline_pnl: paiseToRupees(-Number(r.pnl)),
          commission: paiseToRupees(Number(r.commission)),
          amount: paiseToRupees(Number(r.owed)),
        },
      };
    }),
    ...settlements.map((s) => {
      // Cash the parent received pays the child's debt down; cash it paid adds to it.
      const owedPaise = s.direction === 'PAID' ? s.amountPaise : -s.amountPaise;
      const what =
        s.direction === 'PAID'
          ? `Cash paid by ${parent.userName} to ${child.userName}`
          : `Cash received by ${parent.userName} from ${child.userName}`;
      return {
        at: s.createdAt,
        owedPaise,
        row: {
          date: s.createdAt.toISOString(),
          kind: 'SETTLEMENT' as const,
          description: s.remark ? `${what}: ${s.remark}` : what,
          downline_pnl: 0,
          commission: 0,
          amount: paiseToRupees(owedPaise),
        },
      };
    }),
  ];
  // Stable: at one instant, results before the settlements that followed them.
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  let balancePaise = 0;
  const rows = entries.map((e) => {
    balancePaise += e.owedPaise;
    return { ...e.row, balance: paiseToRupees(balancePaise) };
  });
  return {
    parent_id: parent.id,
    parent_name: parent.userName,
    user_id: child.id,
    user_name: child.userName,
    rows,
    owed_by_user: paiseToRupees(balancePaise),
  };
}
