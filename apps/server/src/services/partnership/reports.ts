/**
 * The reports an agent runs its business by (ADR 48), each per direct account of the caller and
 * read from `partnership_results` (rolled-back results left out) and `cash_settlements`.
 *
 * The figures, for a caller at depth d (the root 0) and one direct account's downline:
 * - downline P&L: the bettors' P&L, minus the sum of every level's share of it;
 * - commission: the rebate paid to the bettors, the sum of every level's part of it;
 * - own share: the caller's rows (depth d): its share of the result less its part of the
 *   commission, positive when the caller wins;
 * - upline share: the same summed over the levels above the caller (depth < d): what goes up.
 * So own + upline is what the direct account owes the caller on those results, and own + upline
 * + the shares of the levels below the caller = -(downline P&L) - commission.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  istDayRange,
  type DataOf,
  type PartyWinLossRequest,
  type PlusMinusRequest,
} from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AgentCaller } from '../downline.ts';
import { bettorsOfChildren, depthOf, directAccountsOf, owedByChildren, type DirectAccount } from './owed.ts';

type CollectionRow = DataOf<'agentGetCollectionReport'>['receive_from'][number];

/**
 * Each direct account with what it owes the caller, and the caller's own upline with what the
 * caller owes it (negative: the caller pays): who pays ("lena"), whom the caller pays ("dena"),
 * who is square. The upline's row is what the upline's ledger with the caller says, from the
 * caller's side.
 */
export async function collectionReport(
  db: DbOrTx,
  caller: AgentCaller,
): Promise<DataOf<'agentGetCollectionReport'>> {
  const children = await directAccountsOf(db, caller.userId);
  const depth = await depthOf(db, caller.userId);
  const owed = await owedByChildren(
    db,
    caller.userId,
    depth,
    children.map((c) => c.id),
  );
  const rows: { account: CollectionAccount; owedPaise: number }[] = children.map((c) => ({
    account: { ...c, upline: false },
    owedPaise: owed.get(c.id) ?? 0,
  }));
  const upline = await uplineOf(db, caller.userId);
  if (upline) {
    const owedUp = await owedByChildren(db, upline.id, depth - 1, [caller.userId]);
    rows.push({ account: { ...upline, upline: true }, owedPaise: -(owedUp.get(caller.userId) ?? 0) });
  }
  const view = ({ account, owedPaise }: (typeof rows)[number]): CollectionRow => ({
    user_id: account.id,
    user_name: account.userName,
    role: account.role,
    upline: account.upline,
    owed_by_user: paiseToRupees(owedPaise),
  });
  // Most first; the children come sorted by name, the upline last, and the sort is stable.
  const receive = rows.filter((r) => r.owedPaise > 0).sort((a, b) => b.owedPaise - a.owedPaise);
  const pay = rows.filter((r) => r.owedPaise < 0).sort((a, b) => a.owedPaise - b.owedPaise);
  const sum = (list: typeof rows) => list.reduce((s, r) => s + r.owedPaise, 0);
  return {
    receive_from: receive.map(view),
    pay_to: pay.map(view),
    square: rows.filter((r) => r.owedPaise === 0).map(view),
    total_receive: paiseToRupees(sum(receive)),
    total_pay: paiseToRupees(-sum(pay)),
  };
}

type CollectionAccount = { id: number; userName: string; role: CollectionRow['role']; upline: boolean };

/** The caller's parent, if it has one (the root has none). */
async function uplineOf(db: DbOrTx, userId: number): Promise<Omit<CollectionAccount, 'upline'> | null> {
  const [row] = await queryRows<{ id: number; user_name: string; role: 'root' | 'agent' }>(
    db,
    sql`select p.id, p.user_name, p.role from users u join users p on p.id = u.parent_id where u.id = ${userId}`,
  );
  return row ? { id: Number(row.id), userName: row.user_name, role: row.role } : null;
}

type ShareSums = {
  child: number;
  own: string | number;
  upline: string | number;
  commission: string | number;
};

/** The own share, the upline's and the commission of a set of result rows `r`, per `b.child`. */
const shareColumns = (callerDepth: number): SQL => sql`
  coalesce(sum(r.pnl_share_paise - r.commission_share_paise) filter (where r.depth = ${callerDepth}), 0) as own,
  coalesce(sum(r.pnl_share_paise - r.commission_share_paise) filter (where r.depth < ${callerDepth}), 0) as upline,
  sum(r.commission_share_paise) as commission`;

/** The report's rows, in the order of the children (by name), for the children that have one. */
function perChild<R extends ShareSums, V>(
  children: readonly DirectAccount[],
  rows: readonly R[],
  view: (child: DirectAccount, row: R) => V,
): V[] {
  const byChild = new Map(rows.map((r) => [Number(r.child), r]));
  return children.flatMap((c) => {
    const row = byChild.get(c.id);
    return row ? [view(c, row)] : [];
  });
}

const rupees = (paise: string | number) => paiseToRupees(Number(paise));

/**
 * Per direct account with results settled between two IST days: its downline's P&L, the caller's
 * share, the upline's and the commission (the figures of this file's comment), with totals.
 */
export async function partyWinLoss(
  db: DbOrTx,
  caller: AgentCaller,
  body: z.output<typeof PartyWinLossRequest>,
): Promise<DataOf<'agentGetPartyWinLoss'>> {
  const children = await directAccountsOf(db, caller.userId);
  const depth = await depthOf(db, caller.userId);
  const from = istDayRange(body.from_date).start.toISOString();
  const to = istDayRange(body.to_date).end.toISOString();
  const rows =
    children.length === 0
      ? []
      : await queryRows<ShareSums & { pnl: string | number }>(
          db,
          sql`with recursive ${bettorsOfChildren(children.map((c) => c.id))}
              select b.child, sum(r.pnl_share_paise) as pnl, ${shareColumns(depth)}
              from bettors b join partnership_results r on r.user_id = b.id
              where r.rolled_back_at is null and r.settled_at >= ${from}::timestamptz and r.settled_at < ${to}::timestamptz
              group by b.child`,
        );
  const totals = { downline_pnl: 0, own_share: 0, upline_share: 0, commission: 0 };
  for (const r of rows) {
    totals.downline_pnl -= Number(r.pnl);
    totals.own_share += Number(r.own);
    totals.upline_share += Number(r.upline);
    totals.commission += Number(r.commission);
  }
  return {
    from_date: body.from_date,
    to_date: body.to_date,
    rows: perChild(children, rows, (c, r) => ({
      user_id: c.id,
      user_name: c.userName,
      role: c.role,
      downline_pnl: rupees(-Number(r.pnl)),
      own_share: rupees(r.own),
      upline_share: rupees(r.upline),
      commission: rupees(r.commission),
    })),
    totals: {
      downline_pnl: rupees(totals.downline_pnl),
      own_share: rupees(totals.own_share),
      upline_share: rupees(totals.upline_share),
      commission: rupees(totals.commission),
    },
  };
}

/**
 * A match's plus-minus per direct account with results on it: the bettors' P&L on its match
 * markets (exchange and bookmaker) and its sessions (fancy), the commission paid to them, their
 * net (P&L plus commission), the caller's share and the upline's. A void of a settled bet counts
 * with its market.
 */
export async function plusMinusReport(
  db: DbOrTx,
  caller: AgentCaller,
  body: z.output<typeof PlusMinusRequest>,
): Promise<DataOf<'agentGetPlusMinusReport'>> {
  const [match] = await queryRows<{ match_name: string }>(
    db,
    sql`select match_name from matches where match_id = ${body.match_id}`,
  );
  if (!match) throw notFound('Match not found');
  const children = await directAccountsOf(db, caller.userId);
  const depth = await depthOf(db, caller.userId);
  const rows =
    children.length === 0
      ? []
      : await queryRows<ShareSums & { match_pnl: string | number; session_pnl: string | number }>(
          db,
          sql`with recursive ${bettorsOfChildren(children.map((c) => c.id))},
              match_markets as (select id, kind from markets where match_id = ${body.match_id}),
              match_results as (
                select p.*, mm.kind
                from match_markets mm join partnership_results p on p.source = 'MARKET' and p.source_id = mm.id
                union all
                select p.*, mm.kind
                from match_markets mm join orders o on o.market_id = mm.id
                  join partnership_results p on p.source = 'VOID' and p.source_id = o.id
              )
              select b.child,
                     coalesce(sum(r.pnl_share_paise) filter (where r.kind <> 'FANCY'), 0) as match_pnl,
                     coalesce(sum(r.pnl_share_paise) filter (where r.kind = 'FANCY'), 0) as session_pnl,
                     ${shareColumns(depth)}
              from bettors b join match_results r on r.user_id = b.id
              where r.rolled_back_at is null
              group by b.child`,
        );
  const totals = { match_pnl: 0, session_pnl: 0, commission: 0, net: 0, own_share: 0, upline_share: 0 };
  const figures = (r: (typeof rows)[number]) => {
    const f = {
      match_pnl: -Number(r.match_pnl),
      session_pnl: -Number(r.session_pnl),
      commission: Number(r.commission),
      own_share: Number(r.own),
      upline_share: Number(r.upline),
    };
    return { ...f, net: f.match_pnl + f.session_pnl + f.commission };
  };
  for (const r of rows)
    for (const [k, v] of Object.entries(figures(r))) totals[k as keyof typeof totals] += v;
  const inRupees = (f: typeof totals) =>
    Object.fromEntries(Object.entries(f).map(([k, v]) => [k, paiseToRupees(v)])) as typeof totals;
  return {
    match_id: body.match_id,
    match_name: match.match_name,
    rows: perChild(children, rows, (c, r) => ({
      user_id: c.id,
      user_name: c.userName,
      role: c.role,
      ...inRupees(figures(r)),
    })),
    totals: inRupees(totals),
  };
}
