/** The bettor's reports: the account statement and the profit/loss per settled market. */
import { ProfitLossReport, ProfitLossRequest } from '../betting/index.ts';
import { AccountStatementPage, AccountStatementRequest } from '../statement.ts';
import { def } from './endpoint.ts';

export const statementEndpoints = {
  getUserAccountStatementHistory: def({
    method: 'POST',
    path: 'accountStatement/getUserAccountStatementHistory',
    auth: 'user',
    summary: "The caller's ledger transfers between two IST dates, newest first, with the running balance",
    body: AccountStatementRequest,
    data: AccountStatementPage,
  }),
} as const;

export const profitLossEndpoints = {
  getProfitLoss: def({
    method: 'POST',
    path: 'report/profitLoss',
    auth: 'user',
    summary: "The caller's net result per settled market between two IST dates, with totals per sport",
    body: ProfitLossRequest,
    data: ProfitLossReport,
  }),
} as const;
