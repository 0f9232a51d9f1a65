/**
 * What a child owes its parent (ADR 48), the figure every settlement report is built on, and the
 * scope those reports share: the caller's direct accounts, each with its own downline.
 *
 * For every result not rolled back whose bettor is the child or below it, the child owes the part
 * of it that goes above the child: the shares of the parent and the levels above it, less their part
 * of the commission (engine `owedUp`, summed in SQL over the rows of `partnership_results`). Cash the
 * parent RECEIVED from the child pays that down; cash it PAID to the child adds to it. Positive: the
 * child owes the parent; negative: the parent owes the child.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { ancestorsIn, downlineCte, downlineUser, parentsUpFrom, type AgentCaller } from '../downline.ts';
import type { User } from '../users.ts';

/**
 * An account's depth from the root (the root 0): its depth in the chain of every result it shares,
 * since parents never change and a chain runs from the root down.
 */
export async function depthOf(db: DbOrTx, userId: number): Promise<number> {
  return ancestorsIn(await parentsUpFrom(db, [userId]), userId).length;
}

/** A direct account of the caller: a deeper one is 403 NOT_DIRECT_USER, anyone else the 404 of a missing id. */
export async function directAccount(db: DbOrTx, caller: AgentCaller, userId: number): Promise<User> {
  const user = await downlineUser(db, caller, userId);
  if (user.parentId !== caller.userId) {
    throw new AppError(
      403,
      'NOT_DIRECT_USER',
      'Settlements are only between an agent and its direct accounts',
    );
  }
  return user;
}

export interface DirectAccount {
  id: number;
  userName: string;
  role: 'agent' | 'user';
}

/** The caller's direct accounts, by name. */
export async function directAccountsOf(db: DbOrTx, parentId: number): Promise<DirectAccount[]> {
  const rows = await queryRows<{ id: number; user_name: string; role: 'agent' | 'user' }>(
    db,
    sql`select id, user_name, role from users where parent_id = ${parentId} order by user_name, id`,
  );
  return rows.map((r) => ({ id: Number(r.id), userName: r.user_name, role: r.role }));
}

/**
 * The CTEs (after `with recursive`) `downline` and `bettors(child, id)`: each of `childIds` with
 * every user below it, so a result is counted for the child whose downline its bettor is in.
 */
export function bettorsOfChildren(childIds: readonly number[]): SQL {
  const ids = sql.join(
    childIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`${downlineCte(childIds)},
    bettors(child, id) as (
      select top, id from downline
      union all
      select id, id from users where id in (${ids})
    )`;
}

/** What each of `childIds` (direct accounts of `parentId`, at `parentDepth`) owes it now, in one read. */
export async function owedByChildren(
  db: DbOrTx,
  parentId: number,
  parentDepth: number,
  childIds: readonly number[],
): Promise<Map<number, number>> {
  if (childIds.length === 0) return new Map();
  const ids = sql.join(
    childIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ child: number; owed: string | number }>(
    db,
    sql`with recursive ${bettorsOfChildren(childIds)},
        results(child, owed) as (
          select b.child, sum(p.pnl_share_paise - p.commission_share_paise)
          from bettors b join partnership_results p on p.user_id = b.id
          where p.rolled_back_at is null and p.depth <= ${parentDepth}
          group by b.child
        ),
        cash(child, owed) as (
          select child_id, sum(case when direction = 'PAID' then amount_paise else -amount_paise end)
          from cash_settlements
          where parent_id = ${parentId} and child_id in (${ids})
          group by child_id
        )
        select u.id as child, coalesce(r.owed, 0) + coalesce(c.owed, 0) as owed
        from users u left join results r on r.child = u.id left join cash c on c.child = u.id
        where u.id in (${ids})`,
  );
  return new Map(rows.map((r) => [Number(r.child), Number(r.owed)]));
}
