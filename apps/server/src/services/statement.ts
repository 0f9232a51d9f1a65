import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AccountStatementPage, StatementType } from '@exchange/contracts';
import { paiseToRupees, CHIPS_REASONS } from '@exchange/engine';
import type { DbOrTx } from '../db/client.ts';
import { ledgerTransfers } from '../db/schema/index.ts';
import { istDayRange } from '../lib/time.ts';

export interface StatementQuery {
  accountId: number;
  fromDay: string;
  toDay: string;
  type: StatementType;
  page: number;
  limit: number;
}

/**
 * The statement type of a transfer as its account sees it: chips and cash movements are a
 * deposit when they credit the account and a withdrawal when they debit it; casino reasons
 * are casino; everything else (bet settlement) is sports.
 */
function statementType(accountId: number): SQL<string> {
  const chips = sql.join(
    CHIPS_REASONS.map((r) => sql`${r}`),
    sql`, `,
  );
  return sql<string>`case
    when ${ledgerTransfers.reason} in (${chips}) then
      case when ${ledgerTransfers.creditAccountId} = ${accountId} then 'deposit' else 'withdraw' end
    when ${ledgerTransfers.reason} like 'CASINO%' then 'casino'
    else 'sports' end`;
}

/** The account's transfers between two IST days (inclusive), newest first, one page. */
export async function accountStatement(db: DbOrTx, q: StatementQuery): Promise<AccountStatementPage> {
  const from = istDayRange(q.fromDay).start;
  const to = istDayRange(q.toDay).end;
  const type = statementType(q.accountId);
  const where = and(
    or(eq(ledgerTransfers.creditAccountId, q.accountId), eq(ledgerTransfers.debitAccountId, q.accountId)),
    gte(ledgerTransfers.createdAt, from),
    lt(ledgerTransfers.createdAt, to),
    q.type === 'all' ? undefined : sql`${type} = ${q.type}`,
  );
  const [totalRow] = await db.select({ n: count() }).from(ledgerTransfers).where(where);
  const rows = await db
    .select({ transfer: ledgerTransfers, type })
    .from(ledgerTransfers)
    .where(where)
    .orderBy(desc(ledgerTransfers.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    rows: rows.map(({ transfer: t, type }) => {
      const isCredit = t.creditAccountId === q.accountId;
      return {
        id: t.id,
        date: t.createdAt.toISOString(),
        credit: isCredit ? paiseToRupees(t.amountPaise) : 0,
        debit: isCredit ? 0 : paiseToRupees(t.amountPaise),
        balance: paiseToRupees(isCredit ? t.creditBalanceAfterPaise : t.debitBalanceAfterPaise),
        remark: t.remark,
        type: type as AccountStatementPage['rows'][number]['type'],
      };
    }),
    total: totalRow?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}
