/**
 * The profit/loss report: a bettor's settled markets between two days, and the standing results
 * (rolled-back ones left out, voided wins taken off) the console's sums read too.
 */
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ProfitLossReport } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { markets, matches, races, settlementResults, sports } from '../../db/schema/index.ts';
import { istDayRange } from '@exchange/contracts';
import { marketLabel } from '../market-names.ts';

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
