/**
 * What callers read: a match's markets with the live book and the caller's position, the
 * caller's current bets, the exposure table ("My Market"), the profit/loss report, and the
 * operator's market list.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type {
  CurrentBet,
  ExposureRow,
  MarketView,
  OperatorMarket,
  ProfitLossReport,
  SettledBet,
} from '@exchange/contracts';
import { bpsToPercent, paiseToRupees, priceToOdds } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import {
  betReversals,
  markets,
  matches,
  orders,
  races,
  runners,
  settlementResults,
  sports,
} from '../../db/schema/index.ts';
import { istDayRange } from '../../lib/time.ts';
import { hhmm } from './hours.ts';
import type { MarketState } from './market-state.ts';
import { positionFancyBook, positionPnl } from './positions.ts';
import { betTerms } from './answers.ts';
import { sessionOf, type BettingService } from './service.ts';

/** The user's own part of a market's view: P&L per runner, exposure, the fancy book (empty without a user). */
export function positionView(state: MarketState, userId: number | null) {
  const position = userId === null ? undefined : state.positions.get(userId);
  const pnl =
    state.row.kind === 'FANCY' ? new Map<number, number>() : positionPnl(state.activeSelectionIds(), position);
  return {
    pnlOf: (selectionId: number) => paiseToRupees(pnl.get(selectionId) ?? 0),
    exposure: paiseToRupees(position?.exposurePaise ?? 0),
    fancy_positions: positionFancyBook(position).map((r) => ({
      from_runs: r.fromRuns,
      pnl: paiseToRupees(r.pnlPaise),
    })),
  };
}

/** One market as the caller sees it; without a user, positions are empty. */
export function marketView(state: MarketState, userId: number | null): MarketView {
  const row = state.row;
  const mine = positionView(state, userId);
  const hours = sessionOf(row);
  return {
    market_id: row.id,
    match_id: row.matchId,
    race_id: row.raceId,
    name: row.name,
    kind: row.kind,
    market_type: row.marketType,
    status: row.status,
    in_play: row.inPlay,
    start_time: row.startTime.toISOString(),
    min_stake: paiseToRupees(row.minStakePaise),
    max_stake: paiseToRupees(row.maxStakePaise),
    max_profit: paiseToRupees(row.maxProfitPaise),
    bet_delay_ms: row.betDelayMs,
    commission_percent: bpsToPercent(row.commissionBps),
    places: row.places,
    runners: state.runners.map((r) => {
      const book = state.book && r.status !== 'REMOVED' ? state.book.runner(r.selectionId) : null;
      return {
        selection_id: r.selectionId,
        name: r.name,
        sort: r.sort,
        status: r.status,
        reduction_factor: bpsToPercent(r.reductionFactorBps),
        back: book
          ? book.bestLevels('BACK', 3).map((l) => ({ price: priceToOdds(l.price), size: paiseToRupees(l.sizePaise) }))
          : [],
        lay: book
          ? book.bestLevels('LAY', 3).map((l) => ({ price: priceToOdds(l.price), size: paiseToRupees(l.sizePaise) }))
          : [],
        back_rate: r.backRate,
        lay_rate: r.layRate,
        position: mine.pnlOf(r.selectionId),
      };
    }),
    fancy:
      row.kind === 'FANCY'
        ? { no_line: row.noLine, no_rate: row.noRate, yes_line: row.yesLine, yes_rate: row.yesRate }
        : null,
    session_hours: hours
      ? { open: hhmm(hours.openMinute), close: hhmm(hours.closeMinute), weekdays_only: hours.weekdaysOnly }
      : null,
    exposure: mine.exposure,
    fancy_positions: mine.fancy_positions,
    result:
      row.resultKind === null
        ? null
        : {
            kind: row.resultKind,
            winner_ids: state.runners
              .filter((r) => r.status === 'WINNER' || r.status === 'PLACED')
              .map((r) => r.selectionId),
            runs: row.resultRuns,
            settled_at: row.settledAt?.toISOString() ?? null,
          },
  };
}

export function operatorMarketView(state: MarketState): OperatorMarket {
  const { exposure: _exposure, fancy_positions: _positions, ...view } = marketView(state, null);
  return {
    ...view,
    version: state.version,
    settlement_version: state.row.settlementVersion,
    open_orders: state.openOrders.size,
  };
}

/** The markets of a match, in display order, with the live book and the caller's positions. */
export async function matchMarkets(
  service: BettingService,
  matchId: number,
  userId: number | null,
): Promise<MarketView[]> {
  const rows = await service.db
    .select({ id: markets.id, version: markets.version })
    .from(markets)
    .where(eq(markets.matchId, matchId))
    .orderBy(asc(markets.startTime), asc(markets.sort), asc(markets.id));
  if (rows.length === 0) return [];
  const states = await service.statesAtLeast(new Map(rows.map((r) => [r.id, r.version])));
  return rows.map((r) => marketView(states.get(r.id)!, userId));
}

export async function operatorMarkets(
  service: BettingService,
  q: { matchId?: number | undefined; openOnly?: boolean | undefined },
): Promise<OperatorMarket[]> {
  const where: SQL[] = [];
  if (q.matchId !== undefined) where.push(eq(markets.matchId, q.matchId));
  if (q.openOnly ?? true) where.push(isNull(markets.settledAt));
  const rows = await service.db
    .select({ id: markets.id, version: markets.version })
    .from(markets)
    .where(and(...where))
    .orderBy(asc(markets.matchId), asc(markets.startTime), asc(markets.sort), asc(markets.id))
    .limit(2_000);
  const states = await service.statesAtLeast(new Map(rows.map((r) => [r.id, r.version])));
  return rows.map((r) => operatorMarketView(states.get(r.id)!));
}

/** "R1 1m2f Class 4 - Win" for race markets, the market's own name otherwise. */
export const marketLabel = sql<string>`case when ${races.name} is null then ${markets.name} else ${races.name} || ' - ' || ${markets.name} end`;

/** A bet's row with its market, match, sport and runner, as current and settled bets list it. */
function betsQuery(db: DbOrTx, where: SQL[]) {
  return db
    .select({
      order: orders,
      marketName: marketLabel,
      marketType: markets.marketType,
      matchId: matches.matchId,
      matchName: matches.matchName,
      sportId: sports.sportId,
      sportName: sports.name,
      runnerName: runners.name,
    })
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .leftJoin(races, eq(races.raceId, markets.raceId))
    .leftJoin(
      runners,
      and(eq(runners.marketId, orders.marketId), eq(runners.selectionId, orders.selectionId)),
    )
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
export async function settledBets(db: DbOrTx, userId: number, matchId: number): Promise<SettledBet[]> {
  const rows = await betsQuery(db, [
    eq(orders.userId, userId),
    eq(markets.matchId, matchId),
    inArray(orders.status, ['SETTLED', 'VOID']),
    isNotNull(orders.settledAt),
  ])
    .orderBy(desc(orders.settledAt), desc(orders.id))
    .limit(1_000);
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

/** The "My Market" table: matches with the caller's open bets, and per market how many. */
export async function exposureDetail(db: DbOrTx, userId: number): Promise<ExposureRow[]> {
  const rows = await db
    .select({
      sportId: sports.sportId,
      sportName: sports.name,
      matchId: matches.matchId,
      matchName: matches.matchName,
      marketId: markets.id,
      marketName: marketLabel,
      subType: markets.marketType,
      bets: count(orders.id),
    })
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .leftJoin(races, eq(races.raceId, markets.raceId))
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
    });
  }
  return out;
}

/** Wins the operator took back from a result's user on its market (ADR 35; such a result stands). */
const voidedOfResult = sql<string | number>`coalesce((select sum(r.amount_paise) from bet_reversals r join orders o on o.id = r.order_id
  where o.market_id = ${settlementResults.marketId} and r.user_id = ${settlementResults.userId}), 0)`;

/** What a standing result left its user: the P&L less the wins taken back, less commission. */
export const resultNetPaise = sql`(${settlementResults.netPnlPaise} - ${voidedOfResult} - ${settlementResults.commissionPaise})`;

/**
 * The settlement results that stand (rolled-back ones left out) of the users `whose` picks,
 * settled between two IST days (inclusive): the P&L report lists one user's per market, the
 * console sums a downline's per sport.
 */
export function standingResults(whose: SQL, fromDay: string, toDay: string): SQL {
  return and(
    whose,
    isNull(settlementResults.rolledBackAt),
    gte(settlementResults.settledAt, istDayRange(fromDay).start),
    lt(settlementResults.settledAt, istDayRange(toDay).end),
  )!;
}

/**
 * The caller's settled markets between two IST days (inclusive), rolled-back results left out;
 * a market's P&L is less the wins the operator took back on it (voided bets, ADR 35).
 */
export async function profitLoss(
  db: DbOrTx,
  userId: number,
  fromDay: string,
  toDay: string,
): Promise<ProfitLossReport> {
  const rows = await db
    .select({
      result: settlementResults,
      sportId: sports.sportId,
      sportName: sports.name,
      matchId: matches.matchId,
      matchName: matches.matchName,
      marketName: marketLabel,
      voidedPaise: voidedOfResult,
    })
    .from(settlementResults)
    .innerJoin(markets, eq(markets.id, settlementResults.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .leftJoin(races, eq(races.raceId, markets.raceId))
    .where(standingResults(eq(settlementResults.userId, userId), fromDay, toDay))
    .orderBy(desc(settlementResults.settledAt), desc(settlementResults.marketId))
    .limit(5_000);
  const sportsTotal = new Map<number, { sport_id: number; sport_name: string; net: number }>();
  let pnl = 0;
  let commission = 0;
  const out = rows.map((r) => {
    const marketPnl = r.result.netPnlPaise - Number(r.voidedPaise);
    const net = marketPnl - r.result.commissionPaise;
    pnl += marketPnl;
    commission += r.result.commissionPaise;
    const sport = sportsTotal.get(r.sportId) ?? { sport_id: r.sportId, sport_name: r.sportName, net: 0 };
    sport.net += net;
    sportsTotal.set(r.sportId, sport);
    return {
      sport_id: r.sportId,
      sport_name: r.sportName,
      match_id: r.matchId,
      match_name: r.matchName,
      market_id: r.result.marketId,
      market_name: r.marketName,
      settled_at: r.result.settledAt.toISOString(),
      pnl: paiseToRupees(marketPnl),
      commission: paiseToRupees(r.result.commissionPaise),
      net: paiseToRupees(net),
    };
  });
  return {
    rows: out,
    sports: [...sportsTotal.values()].map((s) => ({ ...s, net: paiseToRupees(s.net) })),
    total: { pnl: paiseToRupees(pnl), commission: paiseToRupees(commission), net: paiseToRupees(pnl - commission) },
  };
}
