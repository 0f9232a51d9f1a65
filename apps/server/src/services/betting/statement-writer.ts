/**
 * The one-round-trip bet write (docs/adr/0015-bet-path.md): the whole result of a bet the
 * service matched in memory, as ONE statement of data-modifying CTEs, so PostgreSQL runs it as
 * one atomic transaction:
 *
 *   mv   bump the market's version, only if it is still the version the book was matched at
 *        (locks the market row first: the same lock order as every other market change);
 *   lk   lock every affected account, in id order, and read its balance and exposure;
 *   ok   the taker can afford the new exposure (or the bet lowers it);
 *   ord  insert the order (a client_ref already used inserts nothing);
 *   fl, mk, pos, acct   fills, makers' orders, market positions and account exposures, each
 *        gated on `ord`, so a refused or stale bet writes nothing but (perhaps) the version.
 *
 * The final row says which gate stopped it. Sub-statements see one snapshot; each row is
 * written by one sub-statement only; account updates are relative (`exposure + delta`) and
 * the locks of `lk` make the check and the update see the same row.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { isUniqueViolation, orderByClientRef, type BetPlan, type BetWriter } from './writer.ts';

const dialect = new PgDialect();

/**
 * Runs the statement as a named prepared statement on node-postgres (parsed and planned once
 * per connection: the text never changes, every value is a parameter), as a plain query on
 * PGlite, and through drizzle inside a transaction (the rare locked path).
 */
async function run<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client as
    | {
        query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
        totalCount?: number;
      }
    | { query(text: string, params: unknown[]): Promise<{ rows: T[] }> }
    | undefined;
  if (!client) return queryRows(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if ('totalCount' in client)
    return (await client.query({ name: 'place-bet-v1', text, values: params })).rows;
  return (
    await (client as { query(text: string, params: unknown[]): Promise<{ rows: T[] }> }).query(text, params)
  ).rows;
}

const intArray = (xs: readonly number[]) => `{${xs.join(',')}}`;
const boolArray = (xs: readonly boolean[]) => `{${xs.map((x) => (x ? 't' : 'f')).join(',')}}`;

type BetRow = {
  version_ok: number | string;
  funds_ok: number | string;
  inserted: number | string;
  balance: string | number | null;
  exposure: string | number | null;
};

/** The bet's one statement. Arrays go as text literals cast in SQL: the same on node-postgres and PGlite. */
function betStatement(plan: BetPlan): SQL {
  const { order } = plan;
  const newVersion = plan.expectVersion + 1;
  const taker = plan.exposures[0]!;
  const takerDelta = taker.afterPaise - taker.beforePaise;
  const accountIds = [...new Set(plan.exposures.map((e) => e.accountId))];
  const at = plan.at.toISOString();
  const f = plan.fills;
  const m = plan.makers;
  const e = plan.exposures;
  return sql`
      with mv as (
        update markets set version = ${newVersion}::int
        where id = ${plan.marketId}::int and version = ${plan.expectVersion}::int
        returning id
      ), lk as (
        select id, balance_paise, exposure_paise from ledger_accounts
        where id = any(${intArray(accountIds)}::int[]) and exists (select 1 from mv)
        order by id for update
      ), ok as (
        select 1 as ok from (
          select bool_or(id = ${taker.accountId}::int and (${takerDelta}::bigint <= 0 or balance_paise - exposure_paise - ${takerDelta}::bigint >= 0)) as good
          from lk
        ) s where s.good
      ), ord as (
        insert into orders (id, user_id, market_id, selection_id, kind, side, price, line, size_paise, matched_paise, matched_value,
          cancelled_paise, persistence, status, client_ref, request_key, book_seq, placed_at, initial_matched_paise, initial_matched_value)
        select ${order.id}::bigint, ${order.userId}::int, ${order.marketId}::int, ${order.selectionId}::int, ${order.kind}::text, ${order.side}::text,
          ${order.price}::int, ${order.line}::int, ${order.sizePaise}::bigint, ${order.matchedPaise}::bigint, ${order.matchedValue}::bigint,
          ${order.cancelledPaise}::bigint, ${order.persistence}::text, ${order.status}::text, ${order.clientRef}::text, ${order.requestKey}::text,
          ${order.bookSeq}::int, ${at}::timestamptz, ${order.initialMatchedPaise}::bigint, ${order.initialMatchedValue}::bigint
        where exists (select 1 from ok)
        on conflict (user_id, client_ref) do nothing
        returning id
      ), fl as (
        insert into fills (market_id, selection_id, taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_side, price, size_paise, seq, created_at)
        select ${plan.marketId}::int, x.selection_id, ord.id, x.maker_order_id, x.taker_user_id, x.maker_user_id, x.taker_side, x.price, x.size_paise, ${newVersion}::int, ${at}::timestamptz
        from ord, unnest(
          ${intArray(f.map((x) => x.selectionId))}::int[], ${intArray(f.map((x) => x.makerOrderId))}::bigint[],
          ${intArray(f.map((x) => x.takerUserId))}::int[], ${intArray(f.map((x) => x.makerUserId))}::int[],
          ${`{${f.map((x) => x.takerSide).join(',')}}`}::text[], ${intArray(f.map((x) => x.price))}::int[], ${intArray(f.map((x) => x.sizePaise))}::bigint[]
        ) as x(selection_id, maker_order_id, taker_user_id, maker_user_id, taker_side, price, size_paise)
      ), mk as (
        update orders o set matched_paise = o.matched_paise + x.d, matched_value = o.matched_value + x.v,
          status = case when x.filled_out then 'MATCHED' else o.status end
        from unnest(${intArray(m.map((x) => x.orderId))}::bigint[], ${intArray(m.map((x) => x.matchedDeltaPaise))}::bigint[],
          ${intArray(m.map((x) => x.valueDelta))}::bigint[], ${boolArray(m.map((x) => x.filledOut))}::bool[]) as x(id, d, v, filled_out)
        where o.id = x.id and exists (select 1 from ord)
      ), pos as (
        insert into market_positions (market_id, user_id, exposure_paise)
        select ${plan.marketId}::int, x.user_id, x.after
        from unnest(${intArray(e.map((x) => x.userId))}::int[], ${intArray(e.map((x) => x.afterPaise))}::bigint[]) as x(user_id, after)
        where exists (select 1 from ord)
        on conflict (market_id, user_id) do update set exposure_paise = excluded.exposure_paise
      ), acct as (
        update ledger_accounts a set exposure_paise = a.exposure_paise + x.delta
        from unnest(${intArray(e.map((x) => x.accountId))}::int[], ${intArray(e.map((x) => x.afterPaise - x.beforePaise))}::bigint[]) as x(id, delta)
        where a.id = x.id and x.delta <> 0 and exists (select 1 from ord)
      )
      select (select count(*) from mv) as version_ok, (select count(*) from ok) as funds_ok, (select count(*) from ord) as inserted,
        (select balance_paise from lk where id = ${taker.accountId}::int) as balance,
        (select exposure_paise from lk where id = ${taker.accountId}::int) as exposure`;
}

const takerDeltaOf = (plan: BetPlan) => plan.exposures[0]!.afterPaise - plan.exposures[0]!.beforePaise;

export const writeBetStatement: BetWriter = async (db, plan) => {
  const { order } = plan;
  let rows: BetRow[];
  try {
    rows = await run<BetRow>(db, betStatement(plan));
  } catch (error) {
    // The client_ref raced a concurrent insert in a way ON CONFLICT could not absorb.
    if (order.clientRef && isUniqueViolation(error)) {
      const existing = await orderByClientRef(db, order.userId, order.clientRef);
      if (existing) return { kind: 'duplicate', existing, versionBumped: false };
    }
    throw error;
  }
  const row = rows[0]!;
  if (Number(row.version_ok) === 0) return { kind: 'stale' };
  if (Number(row.funds_ok) === 0) return { kind: 'funds', versionBumped: true };
  if (Number(row.inserted) === 0) {
    const existing = await orderByClientRef(db, order.userId, order.clientRef!);
    if (!existing) throw new Error(`Order ${order.id} was not inserted and no order holds its client_ref`);
    return { kind: 'duplicate', existing, versionBumped: true };
  }
  return {
    kind: 'ok',
    balancePaise: Number(row.balance),
    exposurePaise: Number(row.exposure) + takerDeltaOf(plan),
  };
};

type Written = { balancePaise: number; exposurePaise: number };
type PgPool = { connect(): Promise<PgClient>; totalCount: number };
type PgClient = {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: BetRow[] }>;
  release(): void;
};
type Pglite = {
  transaction<T>(
    fn: (tx: { query(text: string, params: unknown[]): Promise<{ rows: BetRow[] }> }) => Promise<T>,
  ): Promise<T>;
};
export interface BatchOutcome {
  /** The answers of the bets written, a prefix of the batch, committed. */
  written: Written[];
  /** Where the batch stopped, if it did: that bet was refused for funds, found the market moved on (stale) or its client_ref used (duplicate); the bets after it were not written. */
  stopped?: 'funds' | 'stale' | 'duplicate';
}

/**
 * Group commit: the bets a market's queue holds, matched one after another in memory, written
 * as their statements in ONE transaction (one commit). Each statement sees the ones before it,
 * so every bet is checked exactly as if it were alone. The first bet not accepted as planned
 * ends the batch: what was written before it is committed (a refused statement writes at most
 * the version), and the caller places the rest one by one. Undefined when the transaction
 * failed (nothing written).
 */
export async function writeBetBatch(db: Db, plans: readonly BetPlan[]): Promise<BatchOutcome | undefined> {
  const client = (db as { $client?: unknown }).$client as PgPool | Pglite | undefined;
  // The market row, then every account the batch touches in id order: the global lock order,
  // taken up front because the statements' own account sets interleave.
  const accounts = `{${[...new Set(plans.flatMap((p) => p.exposures.map((e) => e.accountId)))].sort((a, b) => a - b).join(',')}}`;
  const lockMarket = 'select id from markets where id = $1 for update';
  const lockAccounts = 'select id from ledger_accounts where id = any($1::int[]) order by id for update';
  const marketId = plans[0]!.marketId;
  const writeAll = async (
    query: (text: string, params: unknown[], name?: string) => Promise<BetRow[]>,
  ): Promise<BatchOutcome> => {
    await query(lockMarket, [marketId], 'lock-market-v1');
    await query(lockAccounts, [accounts], 'lock-accounts-v1');
    const out: BatchOutcome = { written: [] };
    for (const plan of plans) {
      const { sql: text, params } = dialect.sqlToQuery(betStatement(plan));
      const row = (await query(text, params, 'place-bet-v1'))[0]!;
      if (Number(row.version_ok) === 0) return { ...out, stopped: 'stale' };
      if (Number(row.funds_ok) === 0) return { ...out, stopped: 'funds' };
      if (Number(row.inserted) === 0) return { ...out, stopped: 'duplicate' };
      out.written.push({
        balancePaise: Number(row.balance),
        exposurePaise: Number(row.exposure) + takerDeltaOf(plan),
      });
    }
    return out;
  };
  try {
    if (client && 'totalCount' in client) {
      const conn = await client.connect();
      try {
        await conn.query({ text: 'begin' });
        try {
          const out = await writeAll(
            async (text, values, name) => (await conn.query({ name, text, values })).rows,
          );
          await conn.query({ text: 'commit' });
          return out;
        } catch (error) {
          await conn.query({ text: 'rollback' });
          throw error;
        }
      } finally {
        conn.release();
      }
    }
    if (client && 'transaction' in client) {
      return await client.transaction((tx) =>
        writeAll(async (text, params) => (await tx.query(text, params)).rows),
      );
    }
    return undefined;
  } catch {
    // Whatever stopped the batch, the bets are placed again one by one, where it is reported.
    return undefined;
  }
}
