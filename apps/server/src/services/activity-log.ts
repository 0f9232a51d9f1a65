/**
 * Reading the activity log (ADR 34): a user's logins and sensitive actions, newest first, each
 * with a sentence for the screen, the address, a short device name and who acted when it was
 * someone else. The bettor reads its own; an agent a downline user's (agents.ts scopes it).
 */
import { and, count, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityKind, ActivityLogPage, ActivityRow } from '@exchange/contracts';
import type { DbOrTx } from '../db/client.ts';
import { activityLog, users } from '../db/schema/index.ts';
import { deviceName } from './device-name.ts';

const LOGIN_KINDS: ActivityKind[] = ['LOGIN', 'LOGIN_FAILED'];

/** The sentence of each kind; `detail` (what recordActivity was given) fills in the fact. */
export function describeActivity(kind: ActivityKind, detail: string): string {
  const fact = detail.trim();
  switch (kind) {
    case 'LOGIN':
      return fact === 'console' ? 'Logged in to the console' : 'Logged in';
    case 'LOGIN_FAILED':
      if (fact === 'password') return 'Login failed: wrong password';
      if (fact === 'code') return 'Login failed: wrong security code';
      if (fact === 'console') return 'Login failed: the console is for agents';
      return 'Login failed';
    case 'LOGOUT':
      return 'Logged out';
    case 'PASSWORD_CHANGED':
      return 'Password changed';
    case 'PASSWORD_RESET':
      return 'Password reset';
    case 'SECURITY_AUTH_ENABLED':
      return 'Security auth turned on';
    case 'SECURITY_AUTH_DISABLED':
      return 'Security auth turned off';
    case 'BACKUP_CODE_USED':
      if (fact === 'login') return 'Backup code used to log in';
      if (fact === 'disable') return 'Backup code used to turn off security auth';
      return 'Backup code used';
    case 'DEPOSIT_REQUESTED':
      return fact ? `Deposit of ${fact} requested` : 'Deposit requested';
    case 'WITHDRAW_REQUESTED':
      return fact ? `Withdrawal of ${fact} requested` : 'Withdrawal requested';
    case 'PAYMENT_APPROVED':
      return fact ? `Payment of ${fact} approved` : 'Payment approved';
    case 'PAYMENT_REJECTED':
      return fact ? `Payment of ${fact} rejected` : 'Payment rejected';
    case 'ACCOUNT_LOCKED':
      if (fact === 'login') return 'Login locked';
      if (fact === 'betting') return 'Betting locked';
      return 'Account locked';
    case 'ACCOUNT_UNLOCKED':
      if (fact === 'login') return 'Login unlocked';
      if (fact === 'betting') return 'Betting unlocked';
      return 'Account unlocked';
    case 'BET_VOIDED':
      return fact ? `Bet voided: ${fact}` : 'Bet voided';
    case 'TERMS_CHANGED':
      return fact ? `Partnership and commission set: ${fact}` : 'Partnership and commission set';
    case 'CREDIT_REFERENCE_CHANGED':
      return fact ? `Credit reference changed: ${fact}` : 'Credit reference changed';
    case 'LIMIT_CHANGED':
      return fact ? `Limit: ${fact}` : 'Limit changed';
    case 'REALITY_CHECK_SET':
      return fact ? `Reality check: ${fact}` : 'Reality check set';
    case 'REALITY_CHECK_SHOWN':
      return fact ? `Reality check shown: ${fact}` : 'Reality check shown';
    case 'BREAK_TAKEN':
      return fact ? `Break: ${fact}` : 'Break taken';
    case 'SELF_EXCLUDED':
      return fact ? `Self-exclusion: ${fact}` : 'Self-excluded';
    case 'REOPEN_ASKED':
      return fact ? `Reopening asked: ${fact}` : 'Reopening asked';
    case 'USER_LIMITS_SET':
      return fact ? `Limits set by the agent: ${fact}` : 'Limits set by the agent';
  }
}

const actor = alias(users, 'actor');

/** The validated request (the contract's ActivityLogRequest with its defaults applied). */
export interface ActivityLogQuery {
  filter: 'all' | 'logins' | 'actions';
  page: number;
  limit: number;
}

/** One page of a user's activity, newest first; `filter` 'logins' is LOGIN and LOGIN_FAILED. */
export async function activityLogPage(db: DbOrTx, userId: number, { filter, page, limit }: ActivityLogQuery): Promise<ActivityLogPage> {
  const conditions: SQL[] = [eq(activityLog.userId, userId)];
  if (filter === 'logins') conditions.push(inArray(activityLog.kind, LOGIN_KINDS));
  if (filter === 'actions') conditions.push(notInArray(activityLog.kind, LOGIN_KINDS));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: activityLog.id,
        kind: activityLog.kind,
        detail: activityLog.detail,
        ip: activityLog.ip,
        device: activityLog.device,
        by: actor.userName,
        createdAt: activityLog.createdAt,
      })
      .from(activityLog)
      .leftJoin(actor, eq(actor.id, activityLog.actorId))
      .where(where)
      .orderBy(desc(activityLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return {
    rows: rows.map(
      (r): ActivityRow => ({
        id: r.id,
        kind: r.kind,
        description: describeActivity(r.kind, r.detail),
        ip: r.ip,
        device: deviceName(r.device),
        by: r.by,
        created_at: r.createdAt.toISOString(),
      }),
    ),
    total: Number(totals?.total ?? 0),
    page,
    limit,
  };
}
