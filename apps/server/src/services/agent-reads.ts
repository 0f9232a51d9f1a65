/**
 * What an agent reads of a downline user (ADR 32, ADR 35): the user's account statement and
 * current bets, by the same code and in the same shape as the bettor's own calls. Any user
 * outside the caller's downline, the caller itself included, is answered as a missing one.
 */
import type { AccountStatementPage, CurrentBet } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { downlineUser } from './agents.ts';
import { userCurrentBets, type CurrentBetsFilter } from './betting/views.ts';
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
