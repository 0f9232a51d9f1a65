/**
 * A group commit written set-wise (ADR 31): every bet of the commit, on one market or many, in
 * ONE statement of data-modifying CTEs over arrays, instead of one statement per bet. Each table
 * is written once per commit: the orders and fills inserted together, each maker's order, each
 * position and each account updated once with the sum of its changes, each market's version
 * moved once to its last bet's. That is what makes a commit of many bets cheaper than the bets
 * alone (one plan, one row version per account and market, far fewer WAL records).
 *
 * It keeps the meaning of the bets written one after another: every bet must find its market at
 * the version it was matched at, and every taker must afford its bet on the balance and exposure
 * that the bets before it in the commit left. The statement checks all of that first and writes
 * only if every bet passes; else it writes nothing and the caller (bet-batch.ts) writes the
 * commit bet by bet (bet-statement.ts), where each refusal is found at its own bet. The locks (markets, then
 * accounts, each in id order) are taken by the statements before it in the same transaction.
 */
import { fundsNeededPaise } from '@exchange/engine';
import type { BetPlan } from './bet-writer.ts';

const intArray = (xs: readonly (number | null)[]) => `{${xs.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`;
const boolArray = (xs: readonly boolean[]) => `{${xs.map((x) => (x ? 't' : 'f')).join(',')}}`;
const textArray = (xs: readonly (string | null)[]) =>
  `{${xs.map((x) => (x === null ? 'NULL' : `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

/** The statement; its parameters are the arrays `setwiseValues` builds, in this order. */
export const SETWISE_BET_STATEMENT = `
  with e as (
    select * from unnest($7::int[], $8::int[], $9::bigint[]) as e(bet, account_id, delta)
  ), bad as (
    select count(*) as n
    from unnest($4::int[], $5::int[], $6::bigint[]) as t(bet, account_id, needed)
    join ledger_accounts a on a.id = t.account_id
    -- The free balance the bets before it in the commit leave, against what the engine says it needs.
    where a.balance_paise - a.exposure_paise
      - (select coalesce(sum(e.delta), 0) from e where e.account_id = t.account_id and e.bet < t.bet) < t.needed
  ), dup as (
    select count(*) as n from orders o
    join unnest($10::int[], $11::text[]) as c(user_id, client_ref) on o.user_id = c.user_id and o.client_ref = c.client_ref
  ), go as (
    select 1 as ok
    where (select count(*) from markets m join unnest($1::int[], $2::int[]) as x(id, v) on m.id = x.id and m.version = x.v)
        = cardinality($1::int[])
      and (select n from bad) = 0 and (select n from dup) = 0
  ), mv as (
    update markets m set version = x.nv from unnest($1::int[], $3::int[]) as x(id, nv)
    where m.id = x.id and exists (select 1 from go)
  ), ord as (
    insert into orders (id, user_id, market_id, selection_id, kind, side, price, line, size_paise, matched_paise, matched_value,
      cancelled_paise, persistence, status, client_ref, request_key, book_seq, placed_at, initial_matched_paise, initial_matched_value)
    select * from unnest($12::bigint[], $13::int[], $14::int[], $15::int[], $16::text[], $17::text[], $18::int[], $19::int[],
      $20::bigint[], $21::bigint[], $22::bigint[], $23::bigint[], $24::text[], $25::text[], $26::text[], $27::text[], $28::int[],
      $29::timestamptz[], $30::bigint[], $31::bigint[])
    where exists (select 1 from go)
    returning id
  ), fl as (
    insert into fills (market_id, selection_id, taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_side, price, size_paise, seq, created_at)
    select * from unnest($32::int[], $33::int[], $34::bigint[], $35::bigint[], $36::int[], $37::int[], $38::text[], $39::int[],
      $40::bigint[], $41::int[], $42::timestamptz[])
    where exists (select 1 from go)
  ), mk as (
    update orders o set matched_paise = o.matched_paise + x.d, matched_value = o.matched_value + x.v,
      status = case when x.filled_out then 'MATCHED' else o.status end
    from unnest($43::bigint[], $44::bigint[], $45::bigint[], $46::bool[]) as x(id, d, v, filled_out)
    where o.id = x.id and exists (select 1 from go)
  ), pos as (
    insert into market_positions (market_id, user_id, exposure_paise)
    select * from unnest($47::int[], $48::int[], $49::bigint[]) where exists (select 1 from go)
    on conflict (market_id, user_id) do update set exposure_paise = excluded.exposure_paise
  ), acct as (
    update ledger_accounts a set exposure_paise = a.exposure_paise + x.delta
    from unnest($50::int[], $51::bigint[]) as x(id, delta)
    where a.id = x.id and exists (select 1 from go)
  )
  select (select count(*) from go) as ok, (select count(*) from ord) as inserted`;

/** What the commit writes, folded per row: null when it cannot be written set-wise (a client_ref twice). */
export function setwiseValues(groups: readonly (readonly BetPlan[])[]): string[] | null {
  const plans = groups.flat();
  const refs = new Set<string>();
  for (const p of plans) {
    if (p.order.clientRef === null) continue;
    const key = `${p.order.userId}|${p.order.clientRef}`;
    if (refs.has(key)) return null;
    refs.add(key);
  }
  // Orders inserted by this commit, as they stand after every bet of it: a resting order that a
  // later bet of the same commit matches is inserted with that match (one statement sees one
  // snapshot, so it could not update its own insert).
  const inserted = new Map(plans.map((p) => [p.order.id, { ...p.order }]));
  const makers = new Map<number, { d: number; v: number; filledOut: boolean }>();
  const positions = new Map<string, { marketId: number; userId: number; exposure: number }>();
  const accountDelta = new Map<number, number>();
  const entries: [number, number, number][] = [];
  /** Every bet's taker: the bet, its account, and what it needs free (the one affordability rule). */
  const takers: [number, number, number][] = [];
  plans.forEach((p, bet) => {
    for (const m of p.makers) {
      const own = inserted.get(m.orderId);
      if (own) {
        own.matchedPaise += m.matchedDeltaPaise;
        own.matchedValue += m.valueDelta;
        if (m.filledOut) own.status = 'MATCHED';
        continue;
      }
      const sum = makers.get(m.orderId) ?? { d: 0, v: 0, filledOut: false };
      sum.d += m.matchedDeltaPaise;
      sum.v += m.valueDelta;
      sum.filledOut ||= m.filledOut;
      makers.set(m.orderId, sum);
    }
    p.exposures.forEach((x, i) => {
      positions.set(`${p.marketId}|${x.userId}`, { marketId: p.marketId, userId: x.userId, exposure: x.afterPaise });
      const delta = x.afterPaise - x.beforePaise;
      if (delta !== 0) {
        entries.push([bet, x.accountId, delta]);
        accountDelta.set(x.accountId, (accountDelta.get(x.accountId) ?? 0) + delta);
      }
      if (i === 0) takers.push([bet, x.accountId, fundsNeededPaise(x.beforePaise, x.afterPaise)]);
    });
  });
  const fills: FillRow[] = plans.flatMap((p) =>
    p.fills.map((f) => ({ ...f, marketId: p.marketId, takerOrderId: p.order.id, seq: p.expectVersion + 1, at: p.at })),
  );
  const withRef = plans.filter((p) => p.order.clientRef !== null);
  const pos = [...positions.values()];
  const acct = [...accountDelta].filter(([, d]) => d !== 0);
  return [
    intArray(groups.map((g) => g[0]!.marketId)),
    intArray(groups.map((g) => g[0]!.expectVersion)),
    intArray(groups.map((g) => g[0]!.expectVersion + g.length)),
    ...[0, 1, 2].map((k) => intArray(takers.map((t) => t[k]!))),
    ...[0, 1, 2].map((k) => intArray(entries.map((e) => e[k]!))),
    intArray(withRef.map((p) => p.order.userId)),
    textArray(withRef.map((p) => p.order.clientRef)),
    ...columns([...inserted.values()], ORDER_COLUMNS),
    ...columns(fills, FILL_COLUMNS),
    intArray([...makers.keys()]),
    ...(['d', 'v'] as const).map((k) => intArray([...makers.values()].map((m) => m[k]))),
    boolArray([...makers.values()].map((m) => m.filledOut)),
    ...columns(pos, [['marketId', 'int'], ['userId', 'int'], ['exposure', 'int']]),
    ...[0, 1].map((k) => intArray(acct.map((a) => a[k]!))),
  ];
}

type ColumnKind = 'int' | 'text' | 'time';
/** The orders' and fills' columns in the order the statement's unnest takes them. */
const ORDER_COLUMNS: [keyof BetPlan['order'], ColumnKind][] = [
  ['id', 'int'], ['userId', 'int'], ['marketId', 'int'], ['selectionId', 'int'], ['kind', 'text'], ['side', 'text'],
  ['price', 'int'], ['line', 'int'], ['sizePaise', 'int'], ['matchedPaise', 'int'], ['matchedValue', 'int'],
  ['cancelledPaise', 'int'], ['persistence', 'text'], ['status', 'text'], ['clientRef', 'text'], ['requestKey', 'text'],
  ['bookSeq', 'int'], ['placedAt', 'time'], ['initialMatchedPaise', 'int'], ['initialMatchedValue', 'int'],
];
type FillRow = BetPlan['fills'][number] & { marketId: number; takerOrderId: number; seq: number; at: Date };
const FILL_COLUMNS: [keyof FillRow, ColumnKind][] = [
  ['marketId', 'int'], ['selectionId', 'int'], ['takerOrderId', 'int'], ['makerOrderId', 'int'], ['takerUserId', 'int'],
  ['makerUserId', 'int'], ['takerSide', 'text'], ['price', 'int'], ['sizePaise', 'int'], ['seq', 'int'], ['at', 'time'],
];

/** One array literal per column, of the rows' values in that column. */
function columns<T>(rows: readonly T[], spec: readonly [keyof T, ColumnKind][]): string[] {
  return spec.map(([key, kind]) => {
    const values = rows.map((r) => r[key] as unknown);
    if (kind === 'int') return intArray(values as (number | null)[]);
    if (kind === 'time') return textArray((values as Date[]).map((d) => d.toISOString()));
    return textArray(values as (string | null)[]);
  });
}

/**
 * Each bet's answer after a set-wise commit: the taker's balance, and its exposure after its own
 * bet and every bet before it in the commit, from the accounts as locked before the statement.
 */
export function setwiseAnswers(
  groups: readonly (readonly BetPlan[])[],
  locked: ReadonlyMap<number, { balancePaise: number; exposurePaise: number }>,
): { balancePaise: number; exposurePaise: number }[][] {
  const exposure = new Map([...locked].map(([id, a]) => [id, a.exposurePaise]));
  return groups.map((plans) =>
    plans.map((p) => {
      for (const x of p.exposures)
        exposure.set(x.accountId, (exposure.get(x.accountId) ?? 0) + x.afterPaise - x.beforePaise);
      const taker = p.exposures[0]!.accountId;
      return { balancePaise: locked.get(taker)?.balancePaise ?? 0, exposurePaise: exposure.get(taker) ?? 0 };
    }),
  );
}
