/**
 * The one-round-trip bet write (docs/adr/0015-bet-path.md): the whole result of a bet the
 * service matched in memory, as ONE statement of data-modifying CTEs, so PostgreSQL runs it as
 * one atomic transaction:
 *
 *   mv   bump the market's version, only if it is still the version the book was matched at
 *        (locks the market row first: the same lock order as every other market change);
 *   lk   lock every affected account, in id order, and read its balance and exposure;
 *   ok   the taker's free balance covers what the engine says the bet needs (affordability.ts:
 *        the rise in exposure, none for a hedge; a taker in debt has less than nothing free);
 *   ord  insert the order (a client_ref already used inserts nothing);
 *   fl, mk, pos, acct   fills, makers' orders, market positions and account exposures, each
 *        gated on `ord`, so a refused or stale bet writes nothing but (perhaps) the version.
 *
 * The final row says which gate stopped it. Sub-statements see one snapshot; each row is
 * written by one sub-statement only; account updates are relative (`exposure + delta`) and
 * the locks of `lk` make the check and the update see the same row.
 */
import { protocol, type PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { fundsNeededPaise } from '@exchange/engine';
import { betPoolOf, queryRows, type DbOrTx } from '../../db/client.ts';
import { isUniqueViolation, orderByClientRef, type BetPlan, type BetWriter } from './bet-writer.ts';

const intArray = (xs: readonly number[]) => `{${xs.join(',')}}`;
const boolArray = (xs: readonly boolean[]) => `{${xs.map((x) => (x ? 't' : 'f')).join(',')}}`;

export type BetRow = {
  version_ok: number | string;
  funds_ok: number | string;
  inserted: number | string;
  balance: string | number | null;
  exposure: string | number | null;
};
const BET_ROW_COLUMNS = ['version_ok', 'funds_ok', 'inserted', 'balance', 'exposure'] as const;

/** What the statement's parameters are computed from: the plan and a few values derived from it once. */
interface BetValues {
  plan: BetPlan;
  newVersion: number;
  takerAccountId: number;
  /** What the taker needs free (engine's fundsNeededPaise): the SQL checks the locked row against it. */
  fundsNeeded: number;
  at: string;
  afterOrderId: number | null;
}
type Param = (v: BetValues) => string | number | null;

/**
 * A statement whose text is fixed: each `${...}` is a function of the bet's values, numbered
 * $1, $2, ... once, at load. Per bet only the parameters are computed (no SQL building).
 */
function fixedStatement(parts: TemplateStringsArray, ...params: Param[]) {
  const text = parts.reduce((acc, part, i) => `${acc}$${i}${part}`);
  return {
    text,
    /** The same statement through drizzle (inside a drizzle transaction). */
    sql(plan: BetPlan): SQL {
      return sql(parts, ...this.values(plan));
    },
    values(plan: BetPlan, afterOrderId: number | null = null): (string | number | null)[] {
      const taker = plan.exposures[0]!;
      const v: BetValues = {
        plan,
        newVersion: plan.expectVersion + 1,
        takerAccountId: taker.accountId,
        fundsNeeded: fundsNeededPaise(taker.beforePaise, taker.afterPaise),
        at: plan.at.toISOString(),
        afterOrderId,
      };
      return params.map((param) => param(v) ?? null);
    },
  };
}

/** The bet's one statement. Arrays go as text literals cast in SQL: the same on node-postgres and PGlite. */
export const betStatement = fixedStatement`
      with mv as (
        update markets set version = ${(v) => v.newVersion}::int
        where id = ${(v) => v.plan.marketId}::int and version = ${(v) => v.plan.expectVersion}::int
          -- In a batch sent at once, the previous bet's order: a bet after one that was not written writes nothing.
          and (${(v) => v.afterOrderId}::bigint is null or exists (select 1 from orders where id = ${(v) => v.afterOrderId}::bigint))
        returning id
      ), lk as (
        select id, balance_paise, exposure_paise from ledger_accounts
        where id = any(${(v) => intArray([...new Set(v.plan.exposures.map((e) => e.accountId))])}::int[]) and exists (select 1 from mv)
        order by id for update
      ), ok as (
        select 1 as ok from (
          select bool_or(id = ${(v) => v.takerAccountId}::int and balance_paise - exposure_paise >= ${(v) => v.fundsNeeded}::bigint) as good
          from lk
        ) s where s.good
      ), ord as (
        insert into orders (id, user_id, market_id, selection_id, kind, side, price, line, size_paise, matched_paise, matched_value,
          cancelled_paise, persistence, status, client_ref, request_key, book_seq, placed_at, initial_matched_paise, initial_matched_value)
        select ${(v) => v.plan.order.id}::bigint, ${(v) => v.plan.order.userId}::int, ${(v) => v.plan.order.marketId}::int, ${(v) => v.plan.order.selectionId}::int, ${(v) => v.plan.order.kind}::text, ${(v) => v.plan.order.side}::text,
          ${(v) => v.plan.order.price}::int, ${(v) => v.plan.order.line}::int, ${(v) => v.plan.order.sizePaise}::bigint, ${(v) => v.plan.order.matchedPaise}::bigint, ${(v) => v.plan.order.matchedValue}::bigint,
          ${(v) => v.plan.order.cancelledPaise}::bigint, ${(v) => v.plan.order.persistence}::text, ${(v) => v.plan.order.status}::text, ${(v) => v.plan.order.clientRef}::text, ${(v) => v.plan.order.requestKey}::text,
          ${(v) => v.plan.order.bookSeq}::int, ${(v) => v.at}::timestamptz, ${(v) => v.plan.order.initialMatchedPaise}::bigint, ${(v) => v.plan.order.initialMatchedValue}::bigint
        where exists (select 1 from ok)
        on conflict (user_id, client_ref) do nothing
        returning id
      ), fl as (
        insert into fills (market_id, selection_id, taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_side, price, size_paise, seq, created_at)
        select ${(v) => v.plan.marketId}::int, x.selection_id, ord.id, x.maker_order_id, x.taker_user_id, x.maker_user_id, x.taker_side, x.price, x.size_paise, ${(v) => v.newVersion}::int, ${(v) => v.at}::timestamptz
        from ord, unnest(
          ${(v) => intArray(v.plan.fills.map((x) => x.selectionId))}::int[], ${(v) => intArray(v.plan.fills.map((x) => x.makerOrderId))}::bigint[],
          ${(v) => intArray(v.plan.fills.map((x) => x.takerUserId))}::int[], ${(v) => intArray(v.plan.fills.map((x) => x.makerUserId))}::int[],
          ${(v) => `{${v.plan.fills.map((x) => x.takerSide).join(',')}}`}::text[], ${(v) => intArray(v.plan.fills.map((x) => x.price))}::int[], ${(v) => intArray(v.plan.fills.map((x) => x.sizePaise))}::bigint[]
        ) as x(selection_id, maker_order_id, taker_user_id, maker_user_id, taker_side, price, size_paise)
      ), mk as (
        update orders o set matched_paise = o.matched_paise + x.d, matched_value = o.matched_value + x.v,
          status = case when x.filled_out then 'MATCHED' else o.status end
        from unnest(${(v) => intArray(v.plan.makers.map((x) => x.orderId))}::bigint[], ${(v) => intArray(v.plan.makers.map((x) => x.matchedDeltaPaise))}::bigint[],
          ${(v) => intArray(v.plan.makers.map((x) => x.valueDelta))}::bigint[], ${(v) => boolArray(v.plan.makers.map((x) => x.filledOut))}::bool[]) as x(id, d, v, filled_out)
        where o.id = x.id and exists (select 1 from ord)
      ), pos as (
        insert into market_positions (market_id, user_id, exposure_paise)
        select ${(v) => v.plan.marketId}::int, x.user_id, x.after
        from unnest(${(v) => intArray(v.plan.exposures.map((x) => x.userId))}::int[], ${(v) => intArray(v.plan.exposures.map((x) => x.afterPaise))}::bigint[]) as x(user_id, after)
        where exists (select 1 from ord)
        on conflict (market_id, user_id) do update set exposure_paise = excluded.exposure_paise
      ), acct as (
        update ledger_accounts a set exposure_paise = a.exposure_paise + x.delta
        from unnest(${(v) => intArray(v.plan.exposures.map((x) => x.accountId))}::int[], ${(v) => intArray(v.plan.exposures.map((x) => x.afterPaise - x.beforePaise))}::bigint[]) as x(id, delta)
        where a.id = x.id and x.delta <> 0 and exists (select 1 from ord)
      )
      select (select count(*) from mv) as version_ok, (select count(*) from ok) as funds_ok, (select count(*) from ord) as inserted,
        (select balance_paise from lk where id = ${(v) => v.takerAccountId}::int) as balance,
        (select exposure_paise from lk where id = ${(v) => v.takerAccountId}::int) as exposure`;

const BET_STATEMENT_NAME = 'place-bet-v3';
type PgQueryable = {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: BetRow[] }>;
};

/** PGlite internals used to run a named statement: the protocol call, under the locks `query` takes. */
export type PgliteRaw = Pick<PGlite, 'execProtocol' | 'runExclusive'> & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
};
/** The PGlite instances where the bet statement is prepared (one session each: prepared once). */
const preparedOn = new WeakSet<object>();

/**
 * The bet statement on PGlite as a named prepared statement, through the wire protocol: parsed
 * (and planned) once per instance, then Bind + Execute + Sync in ONE call per bet. `query(text,
 * params)` would parse and plan this long statement for every bet, in five protocol calls.
 * The caller holds PGlite's query lock (and, outside a transaction, its transaction lock).
 */
export async function executeOnPglite(client: PgliteRaw, plan: BetPlan, inTransaction: boolean): Promise<BetRow[]> {
  const options = { syncToFs: !inTransaction };
  if (!preparedOn.has(client)) {
    await client.execProtocol(
      concat(protocol.serialize.parse({ name: BET_STATEMENT_NAME, text: betStatement.text }), protocol.serialize.sync()),
      { syncToFs: false },
    );
    preparedOn.add(client);
  }
  const values = betStatement.values(plan).map((x) => (x === null ? null : String(x)));
  const { messages } = await client.execProtocol(
    concat(
      protocol.serialize.bind({ statement: BET_STATEMENT_NAME, values }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ),
    options,
  );
  const rows: BetRow[] = [];
  for (const message of messages) {
    if (message.name !== 'dataRow') continue;
    const fields = (message as unknown as { fields: (string | null)[] }).fields;
    rows.push(Object.fromEntries(BET_ROW_COLUMNS.map((column, i) => [column, fields[i] ?? null])) as BetRow);
  }
  return rows;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const isPglite = (client: unknown): client is PgliteRaw =>
  typeof (client as { execProtocol?: unknown })?.execProtocol === 'function' &&
  typeof (client as { _runExclusiveTransaction?: unknown })?._runExclusiveTransaction === 'function';

/**
 * Runs the bet statement: on PostgreSQL as a named prepared statement on the pool reserved for
 * bets (planned once per connection, generic plan), on PGlite as a named prepared statement
 * (above), and through drizzle inside a transaction (the rare locked path).
 */
async function run(db: DbOrTx, plan: BetPlan): Promise<BetRow[]> {
  const betPool = betPoolOf(db);
  if (betPool) return (await betPool.query({ name: BET_STATEMENT_NAME, text: betStatement.text, values: betStatement.values(plan) })).rows as BetRow[];
  const client = (db as { $client?: unknown }).$client;
  if (isPglite(client))
    return client._runExclusiveTransaction(() => client.runExclusive(() => executeOnPglite(client, plan, false)));
  if (client && typeof (client as PgQueryable).query === 'function')
    return (await (client as PgQueryable).query({ name: BET_STATEMENT_NAME, text: betStatement.text, values: betStatement.values(plan) })).rows;
  return queryRows<BetRow>(db, betStatement.sql(plan));
}

export const takerDeltaOf = (plan: BetPlan) => plan.exposures[0]!.afterPaise - plan.exposures[0]!.beforePaise;

export const writeBetStatement: BetWriter = async (db, plan) => {
  const { order } = plan;
  let rows: BetRow[];
  try {
    rows = await run(db, plan);
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
