/**
 * A bettor's bets as listed: the current bets, the settled bets of a match (My Bets), and the
 * matches and markets holding open bets (My Market).
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { istDayRange, type CurrentBet, type ExposureRow, type SettledBet } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { betReversals, cashOuts, marketPositions, markets, matches, orders, races, runners, sports } from '../../db/schema/index.ts';
import { betTerms } from './answers.ts';
import { withBetMarket } from './bet-rows.ts';
import { marketLabel } from '../market-names.ts';

/** A bet's row with its market, match, sport and runner, as current and settled bets list it. */
function betsQuery(db: DbOrTx, where: SQL[]) {
  const query = db
    .select({
      order: orders,
      marketName: marketLabel,
      marketType: markets.marketType,
      matchId: matches.matchId,
      matchName: matches.matchName,
      sportId: sports.sportId,
      sportName: sports.name,
      // Left-joined: a dynamic query keeps the types of its fields as given.
      runnerName: sql<string | null>`${runners.name}`,
      cashOut: sql<'MANUAL' | 'AUTO' | null>`${cashOuts.origin}`,
    })
    .from(orders)
    .$dynamic();
  return withBetMarket(query)
    .leftJoin(
      runners,
      and(eq(runners.marketId, orders.marketId), eq(runners.selectionId, orders.selectionId)),
    )
    .leftJoin(cashOuts, eq(cashOuts.id, orders.cashOutId))
    .where(and(...where));
}
type BetQueryRow = Awaited<ReturnType<typeof betsQuery>>[number];

/** One bet as listed: the odds asked (`odds`) and the average matched (`avg_odds`) side by side. */
function betView({ order: o, ...r }: BetQueryRow): CurrentBet {
  const unmatched = o.status === 'OPEN' ? o.sizePaise - o.matchedPaise - o.cancelledPaise : 0;
  const isFancy = o.kind === 'FANCY';
  return {
    bet_id: o.id,
    sport_id: r.sportId,
    sport_name: r.sportName,
    match_id: r.matchId,
    match_name: r.matchName,
    market_id: o.marketId,
    market_name: r.marketName,
    market_type: r.marketType,
    kind: o.kind,
    selection_id: o.selectionId,
    selection_name: isFancy ? r.marketName : (r.runnerName ?? ''),
    side: o.side,
    ...betTerms(o, unmatched),
    placed_at: o.placedAt.toISOString(),
    persistence: o.persistence,
    cash_out: r.cashOut,
  };
}

export async function currentBets(
  db: DbOrTx,
  userId: number,
  q: { betType: 'matched' | 'unmatched' | 'all'; sportId?: number | undefined; matchId?: number | undefined },
): Promise<CurrentBet[]> {
  const where: SQL[] = [
    eq(orders.userId, userId),
    inArray(orders.status, ['OPEN', 'MATCHED']),
    isNull(markets.settledAt),
  ];
  if (q.betType === 'matched') where.push(sql`${orders.matchedPaise} > 0`);
  if (q.betType === 'unmatched') where.push(eq(orders.status, 'OPEN'));
  if (q.sportId !== undefined) where.push(eq(matches.sportId, q.sportId));
  if (q.matchId !== undefined) where.push(eq(markets.matchId, q.matchId));
  const rows = await betsQuery(db, where).orderBy(desc(orders.id)).limit(1_000);
  return rows.map(betView);
}

/** The current bets filter as the contracts take it (the bettor's own call and an agent's read). */
export interface CurrentBetsFilter {
  bet_type: 'matched' | 'unmatched' | 'all';
  sport_id?: number | undefined;
  match_id?: number | undefined;
}

/** A user's current bets by the contracts' filter: the bettor's own call and an agent's read share it. */
export function userCurrentBets(db: DbOrTx, userId: number, filter: CurrentBetsFilter): Promise<CurrentBet[]> {
  return currentBets(db, userId, { betType: filter.bet_type, sportId: filter.sport_id, matchId: filter.match_id });
}

/**
 * The caller's settled bets on one match (the match page's My Bets after a result): each with
 * its outcome and P&L as settlement stored them. A rolled-back result clears them, so only
 * standing results are listed. A bet the operator voided (ADR 35) is listed as VOID with no
 * P&L, and says why and what was taken back.
 */
export function settledBets(db: DbOrTx, userId: number, matchId: number): Promise<SettledBet[]> {
  return settledBetsWhere(db, [eq(orders.userId, userId), eq(markets.matchId, matchId)], 1_000);
}

/** The user's bets settled between two IST days (inclusive), newest first (the CSV export, ADR 59). */
export function settledBetsBetween(db: DbOrTx, userId: number, fromDay: string, toDay: string, limit: number): Promise<SettledBet[]> {
  return settledBetsWhere(
    db,
    [eq(orders.userId, userId), gte(orders.settledAt, istDayRange(fromDay).start), lt(orders.settledAt, istDayRange(toDay).end)],
    limit,
  );
}

async function settledBetsWhere(db: DbOrTx, where: SQL[], limit: number): Promise<SettledBet[]> {
  const rows = await betsQuery(db, [...where, inArray(orders.status, ['SETTLED', 'VOID']), isNotNull(orders.settledAt)])
    .orderBy(desc(orders.settledAt), desc(orders.id))
    .limit(limit);
  const voids = await voidsOf(db, rows.filter((r) => r.order.outcome === 'WON').map((r) => r.order.id));
  return rows.map((row): SettledBet => {
    const voided = voids.get(row.order.id);
    const view: SettledBet = {
      ...betView(row),
      outcome: voided ? 'VOID' : (row.order.outcome ?? 'VOID'),
      pnl: voided ? 0 : paiseToRupees(row.order.pnlPaise ?? 0),
      settled_at: row.order.settledAt!.toISOString(),
    };
    if (voided)
      view.voided = { reason: voided.reason, amount: paiseToRupees(voided.amountPaise), voided_at: voided.createdAt.toISOString() };
    return view;
  });
}

/** The operator's voids (ADR 35) of these bets, by bet id. */
async function voidsOf(db: DbOrTx, betIds: number[]) {
  if (betIds.length === 0) return new Map<number, typeof betReversals.$inferSelect>();
  const rows = await db.select().from(betReversals).where(inArray(betReversals.orderId, betIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/**
 * The "My Market" table: matches with the caller's open bets, and per market how many and what
 * they reserve (market_positions, the exposure the ledger holds for the market).
 */
export async function exposureDetail(db: DbOrTx, userId: number): Promise<ExposureRow[]> {
  const query = db
    .select({
      sportId: sports.sportId,
      sportName: sports.name,
      matchId: matches.matchId,
      matchName: matches.matchName,
      marketId: markets.id,
      marketName: marketLabel,
      subType: markets.marketType,
      bets: count(orders.id),
      exposurePaise: sql<number | string | null>`${marketPositions.exposurePaise}`,
    })
    .from(orders)
    .$dynamic();
  const rows = await withBetMarket(query)
    .leftJoin(
      marketPositions,
      and(eq(marketPositions.marketId, orders.marketId), eq(marketPositions.userId, orders.userId)),
    )
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, ['OPEN', 'MATCHED']), isNull(markets.settledAt)),
    )
    .groupBy(
      sports.sportId,
      sports.name,
      matches.matchId,
      matches.matchName,
      markets.id,
      markets.name,
      races.name,
      markets.marketType,
      markets.startTime,
      markets.sort,
      marketPositions.exposurePaise,
    )
    .orderBy(
      asc(matches.startTime),
      asc(matches.matchId),
      asc(markets.startTime),
      asc(markets.sort),
      asc(markets.id),
    );
  const out: ExposureRow[] = [];
  for (const r of rows) {
    let row = out.at(-1);
    if (row?.match_id !== r.matchId)
      out.push(
        (row = {
          sport_id: r.sportId,
          sport_name: r.sportName,
          match_id: r.matchId,
          match_name: r.matchName,
          market_details: [],
        }),
      );
    row.market_details.push({
      market_id: r.marketId,
      market_name: r.marketName,
      sub_type: r.subType,
      bet_count: r.bets,
      exposure: paiseToRupees(Number(r.exposurePaise ?? 0)),
    });
  }
  return out;
}
