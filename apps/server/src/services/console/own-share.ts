/**
 * The caller's own part of what its downline's bets make the house win or lose (ADR 48): for each
 * bettor, the caller's share in that bettor's chain at the figures in force when the bettor first
 * bet on the market, rounded per bettor by the split settlement posts (`splitByShares`), so a
 * book's figure for an outcome is what the caller's `pnl` account would get if it came.
 */
import { and, inArray, min } from 'drizzle-orm';
import { levelShares, splitByShares, type Paise } from '@exchange/engine';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { shareBookFor } from '../partnership/index.ts';

/** The caller's part of an amount the network wins (negative: loses) on one bettor. */
export type OwnPart = (networkPaise: Paise) => Paise;

const NONE: OwnPart = () => 0;

/**
 * For the bettors of each market, the caller's part of their results on it: one read of their
 * first bets, one of the tree above them with its figures.
 */
export async function ownPartsOf(
  db: Db,
  callerId: number,
  usersByMarket: ReadonlyMap<number, readonly number[]>,
): Promise<(marketId: number, bettorId: number) => OwnPart> {
  const marketIds = [...usersByMarket.keys()].filter((id) => usersByMarket.get(id)!.length > 0);
  if (marketIds.length === 0) return () => NONE;
  const bettorIds = [...new Set(marketIds.flatMap((id) => usersByMarket.get(id)!))];
  const [firstBets, book] = await Promise.all([
    db
      .select({ marketId: orders.marketId, userId: orders.userId, at: min(orders.placedAt) })
      .from(orders)
      .where(and(inArray(orders.marketId, marketIds), inArray(orders.userId, bettorIds)))
      .groupBy(orders.marketId, orders.userId),
    shareBookFor(db, bettorIds),
  ]);
  const firstBetAt = new Map(firstBets.map((r) => [`${r.marketId}:${r.userId}`, r.at]));
  const parts = new Map<string, OwnPart>();
  return (marketId, bettorId) => {
    const key = `${marketId}:${bettorId}`;
    let part = parts.get(key);
    if (!part) {
      // As settlement reads it: the figures in force at the bettor's first order on the market.
      const shares = levelShares(book.chainOf(bettorId, firstBetAt.get(key) ?? new Date(0)));
      const level = shares.findIndex((s) => s.userId === callerId);
      // A downline bettor always has the caller in its chain; anyone else gives it nothing.
      part = level < 0 ? NONE : (networkPaise) => splitByShares(networkPaise, shares)[level]!;
      parts.set(key, part);
    }
    return part;
  };
}
