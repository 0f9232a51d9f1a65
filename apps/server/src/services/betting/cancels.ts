/**
 * Cancelling the unmatched rest of a bettor's exchange bet, or of all of them (the market maker's
 * re-quotes cancel theirs with the new quotes, in quotes.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Balance, CancelledBet, CancelledBets } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import { orders } from '../../db/schema/index.ts';
import { accountOfUser, balanceView } from '../money/index.ts';
import { remainingOf } from './market-state.ts';
import { cancelOrders, inMarketTx, type MarketTxContext } from './market-tx.ts';
import { refuse } from './refusals.ts';

/**
 * The market of one of the user's open bets (memory's index, else its row): BET_NOT_FOUND when
 * the row says it is not the user's or has no rest. Memory's answer is checked in the market's
 * transaction (the order open there, and the user's).
 */
export async function marketOfOpenBet(ctx: MarketTxContext, userId: number, betId: number): Promise<number> {
  const known = ctx.cache.marketOfOrder(betId);
  if (known !== undefined) return known;
  const [row] = await ctx.db
    .select({ marketId: orders.marketId, userId: orders.userId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, betId));
  if (!row || row.userId !== userId || row.status !== 'OPEN') throw refuse.betNotFound();
  return row.marketId;
}

export class BetCancels {
  constructor(private readonly ctx: MarketTxContext) {}

  /** Cancels the unmatched rest of one of the user's exchange bets and releases its exposure. */
  async cancelBet(userId: number, betId: number): Promise<CancelledBet> {
    const id = await marketOfOpenBet(this.ctx, userId, betId);
    return this.ctx.serial(id, async () => {
      const result = await inMarketTx(this.ctx, id, async (tx, market) => {
        const order = market.openOrders.get(betId);
        if (!order || order.userId !== userId) throw refuse.betNotFound();
        const cancelled = remainingOf(order);
        const { balance } = await cancelOrders(this.ctx, tx, market, [order]);
        return {
          bet_id: betId,
          cancelled_stake: paiseToRupees(cancelled),
          matched_stake: paiseToRupees(order.matchedPaise),
          balance: balance.get(userId)!,
        };
      });
      return result;
    });
  }

  /**
   * Cancels the unmatched rest of every exchange bet of the user's in `marketId`, or in every
   * market where it has one. Each market in its own transaction, in its own lane, as a single
   * cancel is: a market's cancels never wait on another's, and one that fails (closed meanwhile)
   * leaves the others done. Markets are taken in id order, their bets oldest first.
   */
  async cancelAllBets(userId: number, marketId?: number): Promise<CancelledBets> {
    const open = await this.ctx.db
      .selectDistinct({ marketId: orders.marketId })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, 'OPEN'),
          marketId === undefined ? undefined : eq(orders.marketId, marketId),
        ),
      )
      .orderBy(asc(orders.marketId));
    const bets: CancelledBets['bets'] = [];
    let cancelledPaise = 0;
    let balance: Balance | undefined;
    for (const { marketId: id } of open) {
      await this.ctx.serial(id, () =>
        inMarketTx(this.ctx, id, async (tx, market) => {
          const mine = [...market.openOrders.values()]
            .filter((o) => o.userId === userId && remainingOf(o) > 0)
            .sort((a, b) => a.id - b.id);
          if (mine.length === 0) return;
          const rests = mine.map((o) => remainingOf(o));
          const after = await cancelOrders(this.ctx, tx, market, mine);
          balance = after.balance.get(userId);
          for (const [i, o] of mine.entries()) {
            cancelledPaise += rests[i]!;
            bets.push({
              bet_id: o.id,
              market_id: id,
              cancelled_stake: paiseToRupees(rests[i]!),
              matched_stake: paiseToRupees(o.matchedPaise),
            });
          }
        }),
      );
    }
    return {
      bets,
      cancelled_stake: paiseToRupees(cancelledPaise),
      balance: balance ?? balanceView(await accountOfUser(this.ctx.db, userId)),
    };
  }
}
