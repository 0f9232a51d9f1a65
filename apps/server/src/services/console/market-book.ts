/**
 * Market analysis, the "book" (ADR 36): per open market, what the house (the caller and its
 * upline) wins or loses on each outcome against the caller's downline. It is minus the
 * downline's position taken as one bettor's, computed from the markets in memory exactly as
 * getMatchDetail computes each bettor's own position; nobody else's bets enter it. Beside it, the
 * caller's own part of each figure, by its partnership share in each bettor's chain (ADR 48).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MarketBook } from '@exchange/contracts';
import { paiseToRupees, type FancyRange } from '@exchange/engine';
import type { Db } from '../../db/client.ts';
import { marketPositions, markets, matches, races, sports } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { combinedPosition, positionFancyBook, positionPnl } from '../betting/index.ts';
import type { BettingService } from '../betting/index.ts';
import { marketLabel } from '../market-names.ts';
import { inDownlineOf } from '../downline.ts';
import { houseOf } from './figures.ts';
import { ownPartsOf } from './own-share.ts';

export interface BookServices {
  db: Db;
  betting: BettingService;
}

/**
 * The caller's downline users holding a position (a market_positions row: every bet writes one)
 * on open markets, or on the markets given, by market.
 */
export async function downlinePositions(db: Db, agentId: number, marketIds?: readonly number[]): Promise<Map<number, number[]>> {
  if (marketIds?.length === 0) return new Map();
  const rows = await db
    .select({ marketId: marketPositions.marketId, userId: marketPositions.userId })
    .from(marketPositions)
    .innerJoin(markets, eq(markets.id, marketPositions.marketId))
    .where(
      and(
        marketIds ? inArray(marketPositions.marketId, [...marketIds]) : isNull(markets.settledAt),
        inDownlineOf(marketPositions.userId, agentId),
      ),
    );
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.marketId, [...(out.get(r.marketId) ?? []), r.userId]);
  return out;
}

/** A position's P&L if the run total is `runs`, from its fancy book (ranges in run order, from 0). */
function fancyPnlAt(ranges: readonly FancyRange[], runs: number): number {
  let pnl = 0;
  for (const range of ranges) if (range.fromRuns <= runs) pnl = range.pnlPaise;
  return pnl;
}

/**
 * The book of each market in `usersByMarket` (markets with no users answer zeros), from the
 * markets in memory, largest exposure first. The house's figures are the downline's combined
 * position turned round; the caller's own are each bettor's turned round and split (own-share.ts).
 */
export async function marketBooks(
  svc: BookServices,
  callerId: number,
  marketIds: readonly number[],
  usersByMarket: ReadonlyMap<number, readonly number[]>,
): Promise<MarketBook[]> {
  if (marketIds.length === 0) return [];
  const [heads, ownPart] = await Promise.all([
    svc.db
      .select({
        id: markets.id,
        version: markets.version,
        matchId: markets.matchId,
        sportName: sports.name,
        matchName: matches.matchName,
        marketName: marketLabel,
      })
      .from(markets)
      .innerJoin(matches, eq(matches.matchId, markets.matchId))
      .innerJoin(sports, eq(sports.sportId, matches.sportId))
      .leftJoin(races, eq(races.raceId, markets.raceId))
      .where(inArray(markets.id, [...marketIds])),
    ownPartsOf(svc.db, callerId, usersByMarket),
  ]);
  const states = await svc.betting.statesAtLeast(new Map(heads.map((h) => [h.id, h.version])));
  const books = heads.map((head): MarketBook => {
    const state = states.get(head.id)!;
    const fancy = state.row.kind === 'FANCY';
    const active = state.activeSelectionIds();
    // Each bettor's own P&L per outcome, for the caller's part of it.
    const bettors = (usersByMarket.get(head.id) ?? []).flatMap((userId) => {
      const position = state.positions.get(userId);
      if (!position) return [];
      const part = ownPart(head.id, userId);
      return [
        {
          position,
          part,
          runners: fancy ? undefined : positionPnl(active, position),
          fancy: fancy ? positionFancyBook(position) : [],
        },
      ];
    });
    const downline = combinedPosition(bettors.map((b) => b.position));
    const pnl = fancy ? new Map<number, number>() : positionPnl(active, downline);
    /** The caller's part of the house's result on one outcome, from each bettor's P&L on it. */
    const ownOf = (bettorPnl: (b: (typeof bettors)[number]) => number) =>
      paiseToRupees(bettors.reduce((sum, b) => sum + b.part(houseOf(bettorPnl(b))), 0));
    return {
      market_id: head.id,
      match_id: head.matchId,
      sport_name: head.sportName,
      match_name: head.matchName,
      market_name: head.marketName,
      kind: state.row.kind,
      market_type: state.row.marketType,
      status: state.row.status,
      exposure: paiseToRupees(downline.exposurePaise),
      users: bettors.length,
      runners: fancy
        ? []
        : state.runners.map((r) => ({
            selection_id: r.selectionId,
            name: r.name,
            status: r.status,
            house_pnl: paiseToRupees(houseOf(pnl.get(r.selectionId) ?? 0)),
            own_pnl: ownOf((b) => b.runners?.get(r.selectionId) ?? 0),
          })),
      // The combined book's run totals are every bettor's lines: each bettor's P&L is constant on each row.
      fancy: positionFancyBook(downline).map((row) => ({
        from_runs: row.fromRuns,
        house_pnl: paiseToRupees(houseOf(row.pnlPaise)),
        own_pnl: ownOf((b) => fancyPnlAt(b.fancy, row.fromRuns)),
      })),
    };
  });
  return books.sort((a, b) => b.exposure - a.exposure || a.market_id - b.market_id);
}

/**
 * agent/getMarketBook: every open market where the caller's downline has a position, the one
 * asked, or every market of the match asked (one call for a screen of cards, not one per card).
 * A market only others bet on answers zeros: that a market exists is no secret, and no other
 * downline's figures enter it.
 */
export async function agentMarketBook(
  svc: BookServices,
  agentId: number,
  asked: { marketId?: number | undefined; matchId?: number | undefined } = {},
): Promise<MarketBook[]> {
  if (asked.marketId === undefined && asked.matchId === undefined) {
    const usersByMarket = await downlinePositions(svc.db, agentId);
    return marketBooks(svc, agentId, [...usersByMarket.keys()], usersByMarket);
  }
  const ids = (
    await svc.db
      .select({ id: markets.id })
      .from(markets)
      .where(asked.marketId !== undefined ? eq(markets.id, asked.marketId) : eq(markets.matchId, asked.matchId!))
  ).map((m) => m.id);
  if (asked.marketId !== undefined && ids.length === 0) throw notFound('Market not found');
  return marketBooks(svc, agentId, ids, await downlinePositions(svc.db, agentId, ids));
}

/** Open markets with the downline's largest reserved exposure, largest first. */
export async function mostExposedMarkets(svc: BookServices, agentId: number, limit: number): Promise<MarketBook[]> {
  const exposure = sql<number>`sum(${marketPositions.exposurePaise})`;
  const top = await svc.db
    .select({ marketId: marketPositions.marketId })
    .from(marketPositions)
    .innerJoin(markets, eq(markets.id, marketPositions.marketId))
    .where(and(isNull(markets.settledAt), inDownlineOf(marketPositions.userId, agentId)))
    .groupBy(marketPositions.marketId)
    .having(sql`${exposure} > 0`)
    .orderBy(sql`${exposure} desc`, marketPositions.marketId)
    .limit(limit);
  const ids = top.map((t) => t.marketId);
  return marketBooks(svc, agentId, ids, await downlinePositions(svc.db, agentId, ids));
}
