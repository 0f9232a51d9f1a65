/**
 * The user page's profile (ADR 34): name, mobile, parent agent, account dates and security
 * status. `last_login_at` / `last_login_ip` are those of the latest login, the current session's
 * included; the activity log lists the ones before it.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { UserProfile } from '@exchange/contracts';
import type { DbOrTx } from '../db/client.ts';
import { activityLog, backupCodes, users } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { findUserById } from './users.ts';

export async function userProfile(db: DbOrTx, userId: number): Promise<UserProfile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  const [parent] = user.parentId === null ? [] : await db.select({ userName: users.userName }).from(users).where(eq(users.id, user.parentId));
  const [lastLogin] = await db
    .select({ ip: activityLog.ip, createdAt: activityLog.createdAt })
    .from(activityLog)
    .where(and(eq(activityLog.userId, user.id), eq(activityLog.kind, 'LOGIN')))
    .orderBy(desc(activityLog.id))
    .limit(1);
  const [codes] = user.securityAuthEnabled
    ? await db
        .select({ left: count() })
        .from(backupCodes)
        .where(and(eq(backupCodes.userId, user.id), isNull(backupCodes.usedAt)))
    : [{ left: 0 }];
  return {
    user_id: user.id,
    user_name: user.userName,
    role: user.role,
    // With its dial code when sign-up gave one: "+91 9876543210".
    mobile: user.mobile ? [user.dialCode, user.mobile].filter(Boolean).join(' ') : null,
    parent_name: parent?.userName ?? null,
    created_at: user.createdAt.toISOString(),
    last_login_at: lastLogin?.createdAt.toISOString() ?? null,
    last_login_ip: lastLogin?.ip ?? null,
    password_changed_at: user.passwordChangedAt?.toISOString() ?? null,
    security_auth_enabled: user.securityAuthEnabled ? '1' : '0',
    backup_codes_left: Number(codes?.left ?? 0),
    login_locked: user.loginLocked,
    bet_locked: user.betLocked,
  };
}
