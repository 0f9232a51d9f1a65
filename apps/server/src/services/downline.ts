/**
 * The tree of `users.parent_id` (ADR 32), walked in SQL: down from agents to everyone below them,
 * and up from users to everyone above them. Parents never change after an account is created.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';

/** Deeper than any real tree: a guard against a cycle written by hand into the table. */
const MAX_DEPTH = 64;

/**
 * The recursive CTE `downline(top, id, depth)`: every user below each of `tops` at any depth
 * (depth 1: its direct users), the tops themselves not included. Use it after `with recursive`.
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

/** A where-clause condition: `userId` is below `agentId` at any depth. */
export function inDownlineOf(userId: SQLWrapper, agentId: number): SQL {
  return sql`${userId} in (with recursive ${downlineCte([agentId])} select id from downline)`;
}

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
