/**
 * Agent scoping (ADR 32, ADR 46), in this one file: which users, and which users' payment
 * requests, an agent call reaches. Every agent call, the console's dashboard and market book, the
 * shared-accounts report and the payment inbox take their scope from here; none writes its own.
 *
 * - An agent's downline is every user below it in the tree of `users.parent_id`, at any depth.
 *   The root is the top of the one tree (the only account without a parent), so its downline is
 *   everyone else. A user outside the caller's downline, the caller itself included, is answered
 *   exactly like a missing one, so a caller cannot learn which ids exist outside its tree.
 * - A payment request is addressed to the user's parent agent (ADR 33): an agent decides and
 *   reads the requests addressed to it, because the money moves against its own account; the
 *   root decides any.
 *
 * Parents never change after an account is created, so both walks below are stable.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { AuthUser } from './sessions.ts';
import { findUserById, type User } from './users.ts';

/** Who an agent call acts for: an agent or the root. */
export type AgentCaller = Pick<AuthUser, 'userId' | 'role'>;

/** Deeper than any real tree: a guard against a cycle written by hand into the table. */
const MAX_DEPTH = 64;

const USER_NOT_FOUND = () => notFound('User not found');

// ---- the users of a downline ------------------------------------------------------------------

/**
 * The recursive CTE `downline(top, id, depth)`: every user below each of `tops` at any depth
 * (depth 1: its direct users), the tops themselves not included. Use it after `with recursive`,
 * to join a downline as a table (its money, its sightings) or to sum each top's own downline.
 */
export function downlineCte(tops: readonly number[]): SQL {
  return sql`downline(top, id, depth) as (
    select u.parent_id, u.id, 1 from users u where u.parent_id in (${sql.join(
      tops.map((id) => sql`${id}`),
      sql`, `,
    )})
    union all
    select d.top, u.id, d.depth + 1 from users u join downline d on u.parent_id = d.id where d.depth < ${MAX_DEPTH}
  )`;
}

/** "The users of my downline" for lists: a where-clause condition on a user id column. */
export function inDownlineOf(userId: SQLWrapper, agentId: number): SQL {
  return sql`${userId} in (with recursive ${downlineCte([agentId])} select id from downline)`;
}

// ---- one user of a downline -------------------------------------------------------------------

/** Each of `userIds` and every user above them, with its parent (null for the top of the tree). */
export async function parentsUpFrom(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, number | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; parent_id: number | null }>(
    db,
    sql`with recursive chain(id, parent_id, depth) as (
          select id, parent_id, 0 from users where id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          union all
          select u.id, u.parent_id, c.depth + 1 from users u join chain c on u.id = c.parent_id where c.depth < ${MAX_DEPTH}
        )
        select distinct id, parent_id from chain`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.parent_id === null ? null : Number(r.parent_id)]));
}

/** The users above `userId`, nearest first, from a map of parents (as `parentsUpFrom` reads it). */
export function ancestorsIn(parents: ReadonlyMap<number, number | null>, userId: number): number[] {
  const out: number[] = [];
  for (let id = parents.get(userId); id != null && out.length < MAX_DEPTH; id = parents.get(id)) out.push(id);
  return out;
}

/**
 * "Is this user in my downline": the walk up from the user (a few rows) rather than down from
 * the caller (for the root, the whole table); `inDownlineOf` answers the same for every pair.
 */
export async function isInDownline(db: DbOrTx, agentId: number, userId: number): Promise<boolean> {
  return ancestorsIn(await parentsUpFrom(db, [userId]), userId).includes(agentId);
}

/**
 * The user, when it is in the caller's downline (or is the caller, with `allowSelf`: the top of
 * its own downline list); otherwise the same 404 as a missing id.
 */
export async function downlineUser(db: DbOrTx, caller: AgentCaller, userId: number, allowSelf = false): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw USER_NOT_FOUND();
  if (user.id === caller.userId ? allowSelf : await isInDownline(db, caller.userId, user.id)) return user;
  throw USER_NOT_FOUND();
}

/**
 * The user, when it is a direct user of the caller: chips, the credit reference and the figures
 * go down the tree one level at a time. A deeper one is 403 NOT_DIRECT_USER with `why`; one
 * outside the downline, the same 404 as a missing id.
 */
export async function directUser(db: DbOrTx, caller: AgentCaller, userId: number, why: string): Promise<User> {
  const user = await downlineUser(db, caller, userId);
  if (user.parentId !== caller.userId) throw new AppError(403, 'NOT_DIRECT_USER', why);
  return user;
}

// ---- payment requests -------------------------------------------------------------------------

/** "The requests I decide" for lists: a condition on a request's agent column (none for the root). */
export function requestsDecidedBy(agentId: SQLWrapper, caller: AgentCaller): SQL | undefined {
  return caller.role === 'root' ? undefined : sql`${agentId} = ${caller.userId}`;
}

/** Whether the caller decides a request addressed to `agentId`. */
export function decidesRequest(caller: AgentCaller, agentId: number): boolean {
  return caller.role === 'root' || agentId === caller.userId;
}
