/**
 * What a caller sees of markets: a match's markets with the live book and the caller's position,
 * and the operator's market list.
 */
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { MarketView, OperatorMarket } from '@exchange/contracts';
import { bpsToPercent, paiseToRupees, priceToOdds } from '@exchange/engine';
import { markets } from '../../db/schema/index.ts';
import { hhmm } from './hours.ts';
import type { MarketState } from './market-state.ts';
import { positionFancyBook, positionPnl } from './positions.ts';
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
      const traded = state.traded.runner(r.selectionId);
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
        last_traded_price: traded.lastPrice === null ? null : priceToOdds(traded.lastPrice),
        total_matched: paiseToRupees(traded.totalPaise),
        position: mine.pnlOf(r.selectionId),
      };
    }),
    total_matched: paiseToRupees(state.traded.totalPaise),
    version: row.version,
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
