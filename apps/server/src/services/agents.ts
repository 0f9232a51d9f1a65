/**
 * The agent calls (ADR 32). An agent acts on its downline only, the root on everyone; any other
 * user is answered exactly like a missing one (the scope: downline.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { AgentCreateUserRequest, DownlineRow, GetDownlineRequest, TransferChipsRequest, VoidBetRequest } from '@exchange/contracts';
import { paiseToRupees, rupeesToPaise } from '@exchange/engine';
import { queryRows, type Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Clock } from '../lib/time.ts';
import type { CommitFeed } from './betting/index.ts';
import { recordActivity, type RequestOrigin } from './activity.ts';
import { activityLogPage, type ActivityLogQuery } from './activity-log.ts';
import { directUser, downlineCte, downlineUser, inDownlineOf } from './downline.ts';
import { accountOfUser, availablePaise, moveChips, type LedgerTransfer } from './money/index.ts';
import { refuseBettorPartnership, termsAt, termsHistory, termsView, writeNewAccountTerms } from './partnership/index.ts';
import { hashPassword } from './passwords.ts';
import { userProfile } from './profile.ts';
import { agentLimitsRow, agentLimitsView, assertMayGamble, saferGambling } from './safer-gambling/index.ts';
import type { AuthUser, SessionStore } from './sessions.ts';
import { createUser } from './users.ts';

export interface AgentServices {
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  /** Told after chips move or locks change: the users whose account changed (live pushes, ADR 36). */
  accountEvents: AccountEvents;
}

/** The users whose balance or locks an agent's action changed, after it commits. */
export interface AccountsChanged {
  userIds: number[];
  /** What the action did that its user is told of (the bettor's notifications, ADR 51). */
  change?: AccountChange;
}

/** An action on one user's money that the user is told of. */
export type AccountChange =
  | {
      /** Chips moved by the user's agent (agent/transferChips). */
      kind: 'chips';
      userId: number;
      transferId: number;
      agentName: string;
      direction: 'deposit' | 'withdraw';
      amountPaise: number;
    }
  | {
      /** A settled winning bet voided by the operator (operator/voidBet, ADR 35): its win taken back. */
      kind: 'bet_voided';
      userId: number;
      betId: number;
      amountPaise: number;
      reason: VoidBetRequest['reason'];
    };
export type AccountEvents = CommitFeed<AccountsChanged>;

/**
 * Creates an account under the caller with its first figures (ADR 48), in one transaction: a
 * partnership above the caller's own refuses the whole creation.
 */
export async function agentCreateUser(app: AgentServices, caller: AuthUser, body: AgentCreateUserRequest) {
  refuseBettorPartnership(body.role, body);
  const passwordHash = await hashPassword(body.password);
  const at = app.clock();
  const user = await createUser(
    app.db,
    {
      userName: body.user_name,
      passwordHash,
      role: body.role,
      parentId: caller.userId,
      isChangePassword: true,
      // Pays in and out through the site's deposit and withdraw pages (ADR 33).
      isSignupUser: body.online_payments ?? false,
      creditLimitPaise: body.credit_limit === undefined ? 0 : rupeesToPaise(body.credit_limit),
      mobile: body.mobile ?? null,
    },
    at,
    (tx, created) => writeNewAccountTerms(tx, caller, { id: created.id, role: body.role }, body, app.clock),
  );
  return { user_id: user.id, user_name: user.userName, role: body.role, parent_id: caller.userId, is_change_password: '1' as const };
}

type RowOut = {
  id: number;
  user_name: string;
  role: 'root' | 'agent' | 'user';
  balance: string | number;
  exposure: string | number;
  login_locked: boolean;
  bet_locked: boolean;
  last_login_at: Date | string | null;
  credit_limit_paise: string | number;
  total: string | number;
};

/**
 * One page of the caller's direct users, or of `parent_id`'s (a user below the caller); with a
 * search and no `parent_id`, of matching users at any depth below the caller. Each agent row
 * carries the sums of its own downline.
 */
export async function agentGetDownline(app: AgentServices, caller: AuthUser, body: GetDownlineRequest) {
  const parentId = body.parent_id ?? caller.userId;
  await downlineUser(app.db, caller, parentId, true);
  const offset = (body.page - 1) * body.limit;
  const search = body.search ? `%${body.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const under = search !== null && body.parent_id === undefined ? inDownlineOf(sql`u.id`, caller.userId) : sql`u.parent_id = ${parentId}`;
  const rows = await queryRows<RowOut>(
    app.db,
    sql`select u.id, u.user_name, u.role, a.balance_paise as balance, a.exposure_paise as exposure,
               u.login_locked, u.bet_locked, u.last_login_at, u.credit_limit_paise, count(*) over () as total
        from users u join ledger_accounts a on a.user_id = u.id
        where ${under} and (${search}::text is null or u.user_name ilike ${search})
        order by u.id limit ${body.limit} offset ${offset}`,
  );
  const agentIds = rows.filter((r) => r.role === 'agent').map((r) => Number(r.id));
  const sums = new Map<number, { balance: number; exposure: number }>();
  if (agentIds.length > 0) {
    const sumRows = await queryRows<{ top: number; balance: string | number; exposure: string | number }>(
      app.db,
      sql`with recursive ${downlineCte(agentIds)}
          select d.top, coalesce(sum(a.balance_paise), 0) as balance, coalesce(sum(a.exposure_paise), 0) as exposure
          from downline d join ledger_accounts a on a.user_id = d.id group by d.top`,
    );
    for (const r of sumRows) sums.set(Number(r.top), { balance: Number(r.balance), exposure: Number(r.exposure) });
  }
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  const history = await termsHistory(app.db, rows.map((r) => Number(r.id)));
  const now = app.clock();
  return {
    parent_id: parentId,
    total,
    page: body.page,
    limit: body.limit,
    rows: rows.map((r): DownlineRow => {
      const money = { balancePaise: Number(r.balance), exposurePaise: Number(r.exposure) };
      const row: DownlineRow = {
        user_id: Number(r.id),
        user_name: r.user_name,
        role: r.role,
        balance: paiseToRupees(money.balancePaise),
        exposure: paiseToRupees(money.exposurePaise),
        available: paiseToRupees(availablePaise(money)),
        login_locked: r.login_locked,
        bet_locked: r.bet_locked,
        last_login_at: r.last_login_at == null ? null : new Date(r.last_login_at).toISOString(),
        credit_limit: paiseToRupees(Number(r.credit_limit_paise)),
        credit_reference: paiseToRupees(Number(r.credit_limit_paise)),
        client_pl: paiseToRupees(money.balancePaise - Number(r.credit_limit_paise)),
        terms: termsView(termsAt(history, Number(r.id), now), r.role),
      };
      if (r.role === 'agent') {
        const s = sums.get(Number(r.id)) ?? { balance: 0, exposure: 0 };
        row.downline_balance = paiseToRupees(s.balance);
        row.downline_exposure = paiseToRupees(s.exposure);
      }
      return row;
    }),
  };
}

const chipsAnswer = (t: LedgerTransfer, userId: number, direction: 'deposit' | 'withdraw') => ({
  transfer_id: t.id,
  user_id: userId,
  direction,
  amount: paiseToRupees(t.amountPaise),
  remark: t.remark,
  user_balance: paiseToRupees(direction === 'deposit' ? t.creditBalanceAfterPaise : t.debitBalanceAfterPaise),
  agent_balance: paiseToRupees(direction === 'deposit' ? t.debitBalanceAfterPaise : t.creditBalanceAfterPaise),
  created_at: t.createdAt.toISOString(),
});

/** Chips between the caller and a direct user, exactly once per (caller, client_ref). */
export async function agentTransferChips(app: AgentServices, caller: AuthUser, body: TransferChipsRequest) {
  const user = await directUser(app.db, caller, body.user_id, 'Chips move only between an agent and its direct users');
  // No chips to a bettor on a break or self-excluded (ADR 58); taking chips back always works.
  if (body.direction === 'deposit') await assertMayGamble(app.db, user.id, app.clock(), 'user');
  const [agentAccount, userAccount] = await Promise.all([accountOfUser(app.db, caller.userId), accountOfUser(app.db, user.id)]);
  const { transfer } = await moveChips(
    app.db,
    {
      idempotencyKey: `chips:${caller.userId}:${body.client_ref}`,
      agentAccountId: agentAccount.id,
      userAccountId: userAccount.id,
      direction: body.direction,
      amountPaise: rupeesToPaise(body.amount),
      remark: body.remark || `${body.direction === 'deposit' ? 'Chips from' : 'Chips back to'} ${caller.userName}`,
    },
    app.clock(),
  );
  app.accountEvents.emit({
    userIds: [user.id, caller.userId],
    change: {
      kind: 'chips',
      userId: user.id,
      transferId: transfer.id,
      agentName: caller.userName,
      direction: body.direction,
      amountPaise: transfer.amountPaise,
    },
  });
  return chipsAnswer(transfer, user.id, body.direction);
}

/**
 * Locks or unlocks a downline user. A login lock ends its sessions; either lock drops its cached
 * sessions, so the next request re-reads the user and the lock holds at once. Each change is in
 * the user's activity log, with the agent as the actor.
 */
export async function agentSetUserStatus(
  app: AgentServices,
  caller: AuthUser,
  body: { user_id: number; login_locked?: boolean; bet_locked?: boolean },
  origin?: RequestOrigin,
) {
  const user = await downlineUser(app.db, caller, body.user_id);
  const loginLocked = body.login_locked ?? user.loginLocked;
  const betLocked = body.bet_locked ?? user.betLocked;
  const at = app.clock();
  await app.db.transaction(async (tx) => {
    // The row lock orders concurrent changes, so each recorded change is a real one.
    const [before] = await tx.select({ loginLocked: users.loginLocked, betLocked: users.betLocked }).from(users).where(eq(users.id, user.id)).for('update');
    await tx.update(users).set({ loginLocked, betLocked }).where(eq(users.id, user.id));
    if (loginLocked) await app.sessions.revokeAllOf(tx, user.id);
    const changes: [boolean | undefined, boolean, string][] = [
      [before?.loginLocked, loginLocked, 'login'],
      [before?.betLocked, betLocked, 'betting'],
    ];
    for (const [was, now, what] of changes) {
      if (was === now) continue;
      const kind = now ? 'ACCOUNT_LOCKED' : 'ACCOUNT_UNLOCKED';
      await recordActivity(tx, { userId: user.id, kind, origin, detail: what, actorId: caller.userId }, at);
    }
  });
  app.sessions.forgetUser(user.id);
  app.accountEvents.emit({ userIds: [user.id] });
  return { user_id: user.id, login_locked: loginLocked, bet_locked: betLocked };
}

/** Sets a downline user's password, forces a change at next login and ends its sessions. */
export async function agentResetPassword(
  app: AgentServices,
  caller: AuthUser,
  body: { user_id: number; new_password: string },
  origin?: RequestOrigin,
) {
  const user = await downlineUser(app.db, caller, body.user_id);
  const passwordHash = await hashPassword(body.new_password);
  const at = app.clock();
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, isChangePassword: true, passwordChangedAt: at }).where(eq(users.id, user.id));
    await app.sessions.revokeAllOf(tx, user.id);
    await recordActivity(tx, { userId: user.id, kind: 'PASSWORD_RESET', origin, actorId: caller.userId }, at);
  });
  app.sessions.forgetUser(user.id);
}

/** A downline user's profile, the user page's shape, with the limits his agents set on him. */
export async function agentGetUserProfile(app: AgentServices, caller: AuthUser, userId: number) {
  const user = await downlineUser(app.db, caller, userId);
  return {
    ...(await userProfile(app.db, user.id)),
    agent_limits: agentLimitsView(await agentLimitsRow(app.db, user.id)),
    safer_gambling: await saferGambling(app.db, user.id, app.clock()),
  };
}

/** A downline user's activity log, newest first. */
export async function agentGetUserActivityLog(app: AgentServices, caller: AuthUser, body: ActivityLogQuery & { user_id: number }) {
  const user = await downlineUser(app.db, caller, body.user_id);
  return activityLogPage(app.db, user.id, body);
}
