/**
 * A market's bets for the operator (ADR 36), to find one to void for a rules breach (ADR 35):
 * every bet with its user, selection, terms, status and result, newest first, by user name.
 */
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { OperatorBet, OperatorBetsPage } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { markets, orders, runners, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { betTerms } from './answers.ts';
import { refuse } from './refusals.ts';

export interface MarketBetsQuery {
  marketId: number;
  search?: string | undefined;
  page: number;
  limit: number;
}

export async function marketBets(db: DbOrTx, q: MarketBetsQuery): Promise<OperatorBetsPage> {
  const [market] = await db.select({ name: markets.name }).from(markets).where(eq(markets.id, q.marketId));
  if (!market) throw refuse.marketNotFound();
  const where: SQL[] = [eq(orders.marketId, q.marketId)];
  const search = q.search?.trim();
  if (search) where.push(ilike(users.userName, containsPattern(search)));
  const filter = and(...where);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        order: orders,
        userName: users.userName,
        runnerName: runners.name,
        voided: sql<boolean>`exists (select 1 from bet_reversals r where r.order_id = orders.id)`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(
        runners,
        and(eq(runners.marketId, orders.marketId), eq(runners.selectionId, orders.selectionId)),
      )
      .where(filter)
      .orderBy(desc(orders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(filter),
  ]);
  return {
    rows: rows.map(({ order: o, userName, runnerName, voided }): OperatorBet => {
      const terms = betTerms(o, 0);
      return {
        bet_id: o.id,
        user_id: o.userId,
        user_name: userName,
        selection_name: o.kind === 'FANCY' ? market.name : (runnerName ?? ''),
        side: o.side,
        // As the bettor's lists show it: exchange odds, the bookmaker's rate, the fancy rate.
        price: terms.rate ?? terms.odds,
        line: o.line,
        stake: paiseToRupees(o.sizePaise),
        matched: paiseToRupees(o.matchedPaise),
        status: o.status,
        outcome: o.outcome,
        pnl: o.pnlPaise === null ? null : paiseToRupees(o.pnlPaise),
        voided: Boolean(voided),
        // The orders table keeps no address: who bet from where is in the activity log's logins.
        ip: null,
        placed_at: o.placedAt.toISOString(),
      };
    }),
    total: Number(totals?.total ?? 0),
    page: q.page,
    limit: q.limit,
  };
}
