import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AccountStatementPage, StatementType } from '@exchange/contracts';
import { paiseToRupees, CHIPS_REASONS, PAYMENT_REASONS } from '@exchange/engine';
import type { DbOrTx } from '../db/client.ts';
import { ledgerTransfers } from '../db/schema/index.ts';
import { IST_OFFSET_MS, istDayRange } from '@exchange/contracts';
import { accountOfUser } from './money/index.ts';

export interface StatementQuery {
  accountId: number;
  fromDay: string;
  toDay: string;
  type: StatementType;
  page: number;
  limit: number;
}

/**
 * The statement type of a transfer as its account sees it: chips, cash and payment movements are a
 * deposit when they credit the account and a withdrawal when they debit it; casino reasons
 * are casino; everything else (bet settlement) is sports.
 */
function statementType(accountId: number): SQL<string> {
  const chips = sql.join(
    [...CHIPS_REASONS, ...PAYMENT_REASONS].map((r) => sql`${r}`),
    sql`, `,
  );
  return sql<string>`case
    when ${ledgerTransfers.reason} in (${chips}) then
      case when ${ledgerTransfers.creditAccountId} = ${accountId} then 'deposit' else 'withdraw' end
    when ${ledgerTransfers.reason} like 'CASINO%' then 'casino'
    else 'sports' end`;
}

/** The account's side of a transfer: the amount signed (+ credit, - debit) and its balance after it. */
function accountSide(accountId: number) {
  const isCredit = sql`${ledgerTransfers.creditAccountId} = ${accountId}`;
  return {
    signedPaise: sql`case when ${isCredit} then ${ledgerTransfers.amountPaise} else -${ledgerTransfers.amountPaise} end`,
    balanceAfterPaise: sql`case when ${isCredit} then ${ledgerTransfers.creditBalanceAfterPaise} else ${ledgerTransfers.debitBalanceAfterPaise} end`,
    creditPaise: sql`case when ${isCredit} then ${ledgerTransfers.amountPaise} else 0 end`,
    debitPaise: sql`case when ${isCredit} then 0 else ${ledgerTransfers.amountPaise} end`,
  };
}

// SQL sums of bigint come back as numeric strings on both engines.
const toNumber = (v: unknown): number => Number(v ?? 0);

/**
 * The account's transfers between two IST days (inclusive), newest first, one page; with the
 * sums over the whole filter, the balances around the period and the per-day P&L for the chart.
 */
export async function accountStatement(db: DbOrTx, q: StatementQuery): Promise<AccountStatementPage> {
  const from = istDayRange(q.fromDay).start;
  const to = istDayRange(q.toDay).end;
  const type = statementType(q.accountId);
  const side = accountSide(q.accountId);
  const ofAccount = or(
    eq(ledgerTransfers.creditAccountId, q.accountId),
    eq(ledgerTransfers.debitAccountId, q.accountId),
  );
  const inPeriod = and(ofAccount, gte(ledgerTransfers.createdAt, from), lt(ledgerTransfers.createdAt, to));
  const ofType = q.type === 'all' ? undefined : sql`${type} = ${q.type}`;
  const where = and(inPeriod, ofType);
  // Balances follow the ledger's order (ids), as each row's balance after it does.
  const balanceBefore = async (before: Date) => {
    const [last] = await db
      .select({ balance: side.balanceAfterPaise })
      .from(ledgerTransfers)
      .where(and(ofAccount, lt(ledgerTransfers.createdAt, before)))
      .orderBy(desc(ledgerTransfers.id))
      .limit(1);
    return toNumber(last?.balance);
  };
  // Deposits and withdrawals move money but are no one's profit or loss.
  const isPnl = and(sql`${type} in ('sports', 'casino')`, ofType);
  // No bound parameters in the day expression: GROUP BY must see the same text as SELECT.
  const istOffset = sql.raw(`interval '${IST_OFFSET_MS / 60_000} minutes'`);
  const istDay = sql<string>`to_char((${ledgerTransfers.createdAt} at time zone 'UTC') + ${istOffset}, 'YYYY-MM-DD')`;

  const [[sums], rows, days, openingPaise, closingPaise] = await Promise.all([
    db
      .select({ n: count(), credit: sql`sum(${side.creditPaise})`, debit: sql`sum(${side.debitPaise})` })
      .from(ledgerTransfers)
      .where(where),
    db
      .select({ transfer: ledgerTransfers, type })
      .from(ledgerTransfers)
      .where(where)
      .orderBy(desc(ledgerTransfers.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({
        day: istDay,
        pnl: sql`coalesce(sum(${side.signedPaise}) filter (where ${isPnl}), 0)`,
        balance: sql`(array_agg(${side.balanceAfterPaise} order by ${ledgerTransfers.id} desc))[1]`,
      })
      .from(ledgerTransfers)
      .where(inPeriod)
      .groupBy(istDay)
      .orderBy(istDay),
    balanceBefore(from),
    balanceBefore(to),
  ]);
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
    total: sums?.n ?? 0,
    page: q.page,
    limit: q.limit,
    totals: {
      credit: paiseToRupees(toNumber(sums?.credit)),
      debit: paiseToRupees(toNumber(sums?.debit)),
      opening_balance: paiseToRupees(openingPaise),
      closing_balance: paiseToRupees(closingPaise),
    },
    days: days.map((d) => ({
      day: d.day,
      pnl: paiseToRupees(toNumber(d.pnl)),
      balance: paiseToRupees(toNumber(d.balance)),
    })),
  };
}

/** The statement filter as the contracts take it (the bettor's own call and an agent's read). */
export interface StatementFilter {
  from_date: string;
  to_date: string;
  statement_type?: StatementType | undefined;
  page: number;
  limit: number;
}

/** A user's account statement: the bettor's own call and an agent's read of a downline user share it. */
export async function userStatement(db: DbOrTx, userId: number, filter: StatementFilter): Promise<AccountStatementPage> {
  const account = await accountOfUser(db, userId);
  return accountStatement(db, {
    accountId: account.id,
    fromDay: filter.from_date,
    toDay: filter.to_date,
    type: filter.statement_type ?? 'all',
    page: filter.page,
    limit: filter.limit,
  });
}
