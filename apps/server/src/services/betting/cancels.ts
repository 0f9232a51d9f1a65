/**
 * Cancelling the unmatched rest of a bettor's exchange bet (the market maker's re-quotes cancel
 * theirs with the new quotes, in quotes.ts).
 */
import { eq } from 'drizzle-orm';
import type { CancelledBet } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import { orders } from '../../db/schema/index.ts';
import { remainingOf } from './market-state.ts';
import { cancelOrders, inMarketTx, type MarketTxContext } from './market-tx.ts';
import { refuse } from './refusals.ts';

export class BetCancels {
  constructor(private readonly ctx: MarketTxContext) {}

  /** Cancels the unmatched rest of one of the user's exchange bets and releases its exposure. */
  async cancelBet(userId: number, betId: number): Promise<CancelledBet> {
    let marketId = this.ctx.cache.marketOfOrder(betId);
    if (marketId === undefined) {
      const [row] = await this.ctx.db
        .select({ marketId: orders.marketId, userId: orders.userId, status: orders.status })
        .from(orders)
        .where(eq(orders.id, betId));
      if (!row || row.userId !== userId || row.status !== 'OPEN') throw refuse.betNotFound();
      marketId = row.marketId;
    }
    const id = marketId;
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
}
