/**
 * What an agent reads of a downline user (ADR 32, ADR 35, ADR 36): the user's account statement,
 * current bets and P&L report, by the same code and in the same shape as the bettor's own calls. Any user
 * outside the caller's downline, the caller itself included, is answered as a missing one.
 */
import type { AccountStatementPage, CurrentBet, ProfitLossReport } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { downlineUser } from './downline.ts';
import { userCurrentBets, type CurrentBetsFilter } from './betting/index.ts';
import { profitLoss } from './betting/index.ts';
import type { AuthUser } from './sessions.ts';
import { userStatement, type StatementFilter } from './statement.ts';

export async function agentGetUserStatement(
  db: Db,
  caller: AuthUser,
  body: StatementFilter & { user_id: number },
): Promise<AccountStatementPage> {
  const user = await downlineUser(db, caller, body.user_id);
  return userStatement(db, user.id, body);
}

export async function agentGetUserBets(
  db: Db,
  caller: AuthUser,
  body: CurrentBetsFilter & { user_id: number },
): Promise<CurrentBet[]> {
  const user = await downlineUser(db, caller, body.user_id);
  return userCurrentBets(db, user.id, body);
}

export async function agentGetUserProfitLoss(
  db: Db,
  caller: AuthUser,
  body: { user_id: number; from_date: string; to_date: string },
): Promise<ProfitLossReport> {
  const user = await downlineUser(db, caller, body.user_id);
  return profitLoss(db, user.id, body.from_date, body.to_date);
}
