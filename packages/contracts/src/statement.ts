import { z } from 'zod';
import { Day, IsoDate, Rupees } from './common.ts';

/** Filter of the account statement; 'deposit' and 'withdraw' are chips given and taken back. */
export const StatementType = z.enum(['all', 'deposit', 'withdraw', 'sports', 'casino']);
export type StatementType = z.infer<typeof StatementType>;
export const STATEMENT_MAX_LIMIT = 100;

/** The statement's filter fields, shared by the bettor's call and the agent's (agent.ts). */
export const StatementFilter = z.object({
  /** First day, yyyy-MM-dd in IST (inclusive). */
  from_date: Day,
  /** Last day, yyyy-MM-dd in IST (inclusive). */
  to_date: Day,
  statement_type: StatementType.optional(),
  /** 1-based page number. */
  page: z.coerce.number().int().min(1, 'Page must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(STATEMENT_MAX_LIMIT, `Limit must be at most ${STATEMENT_MAX_LIMIT}`)
    .default(20),
});

/** The days must be in order. */
export const daysInOrder = (v: { from_date: string; to_date: string }) => v.from_date <= v.to_date;
export const DAYS_IN_ORDER = { path: ['to_date'], message: 'From date must not be after to date' };

export const AccountStatementRequest = StatementFilter.refine(daysInOrder, DAYS_IN_ORDER);

/** One ledger transfer as the caller sees it; balance is the caller's balance after it. */
export const StatementRow = z.object({
  id: z.number().int(),
  date: IsoDate,
  credit: Rupees,
  debit: Rupees,
  balance: Rupees,
  remark: z.string(),
  type: StatementType.exclude(['all']),
});
export type StatementRow = z.infer<typeof StatementRow>;

/** Sums over every page of the filter; the balances are the account's before and after the period. */
export const StatementTotals = z.object({
  credit: Rupees,
  debit: Rupees,
  opening_balance: Rupees,
  closing_balance: Rupees,
});
export type StatementTotals = z.infer<typeof StatementTotals>;

/**
 * One IST day of the period with transfers, oldest first (the P&L chart): the betting and casino
 * result of that day within the type filter (deposits and withdrawals are not P&L), and the
 * account's balance at the day's end.
 */
export const StatementDay = z.object({ day: z.string(), pnl: Rupees, balance: Rupees });
export type StatementDay = z.infer<typeof StatementDay>;

/** Newest first. */
export const AccountStatementPage = z.object({
  rows: z.array(StatementRow),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totals: StatementTotals,
  days: z.array(StatementDay),
});
export type AccountStatementPage = z.infer<typeof AccountStatementPage>;
