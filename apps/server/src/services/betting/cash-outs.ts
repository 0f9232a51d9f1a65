/**
 * bet/cashOut (exchange-rules.md "Cash out", ADR 49): the hedge of the caller's position placed
 * as ordinary bets, all together or none.
 *
 *   1. a repeat of a client_ref gets the first answer (cash_outs keeps it);
 *   2. quoted on arrival: no cash out now is refused at once (CASH_OUT_UNAVAILABLE, the quote);
 *   3. in play, the market's bet delay, as any bet waits it;
 *   4. in the market's lane, one transaction holding the market row: quoted again on the market
 *      as it is now; below `min_value` (the value quoted on arrival when absent) nothing is
 *      placed and the refusal is CASH_OUT_PRICE_MOVED with the new quote; otherwise the
 *      caller's unmatched bets on the market are cancelled (the quote leaves them out: no bettor
 *      matches himself, ADR 50) and each leg is matched in memory, fill-or-kill at its worst
 *      level or better, then all of them are written (money/bet-legs.ts);
 *   5. after the commit the listeners hear of the legs as of any bet.
 *
 * Legs are not held to the market's stake limits or maximum profit: they only take risk off a
 * position those limits already let in (a hedge below the minimum stake is still a hedge).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { CashOutDone, CashOutOrder, CashOutQuote } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import { autoCashOuts, cashOuts, ledgerAccounts, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { balanceView, isUniqueViolation, writeBetLegs, type BetPlan } from '../money/index.ts';
import { averageOdds } from './answers.ts';
import { waitBetDelay } from './bet-delay.ts';
import type { BetRequest } from './bet-request.ts';
import { fractionToBps, quoteOnState } from './cash-out-quote.ts';
import { betCommitted } from './commits.ts';
import { nextOrderIds } from './ids.ts';
import { remainingOf, type MarketState } from './market-state.ts';
import { inMarketTx, markCancelled, type MarketTxContext } from './market-tx.ts';
import type { BetMatcher } from './matching.ts';
import { formatRupees, refuse } from './refusals.ts';

export type CashOutOrigin = 'MANUAL' | 'AUTO';

/** A cash out as the service takes it: the call's fields read (fraction defaulted, amounts in rupees). */
export type CashOutCall = Omit<CashOutOrder, 'fraction'> & { fraction: number };

/** An automatic cash out that was cleared, or fired by another attempt, meanwhile: nothing to do. */
export class RuleGone extends Error {}

export const unavailable = (quote: CashOutQuote) =>
  new AppError(400, 'CASH_OUT_UNAVAILABLE', quote.reason_text ?? 'Cash out is not available now', {}, quote);
const priceMoved = (quote: CashOutQuote) =>
  new AppError(
    400,
    'CASH_OUT_PRICE_MOVED',
    quote.available
      ? `The prices moved: cash out is now worth ${formatRupees(quote.value!)}, below what you asked. Nothing was placed.`
      : // Not only prices: the market may have been suspended or closed meanwhile.
        `Cash out is no longer available: ${quote.reason_text}. Nothing was placed.`,
    {},
    quote,
  );

export class CashOuts {
  constructor(
    private readonly ctx: MarketTxContext,
    private readonly matcher: BetMatcher,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  async cashOut(userId: number, call: CashOutCall, origin: CashOutOrigin): Promise<CashOutDone> {
    return (await this.place(userId, call, origin)).done;
  }

  /**
   * The cash out; `ruleId`: the automatic rule that fires it, deleted with it (RuleGone when it
   * is gone already). `repeated`: the client_ref's first cash out, answered again.
   */
  async place(userId: number, call: CashOutCall, origin: CashOutOrigin, ruleId?: number): Promise<{ done: CashOutDone; repeated: boolean }> {
    const marketId = Number(call.market_id);
    const first = await this.repeatOf(userId, call.client_ref);
    if (first) return { done: first, repeated: true };

    const market = await this.ctx.cache.committedState(marketId);
    const arrival = quoteOnState(market, userId, call.fraction);
    if (!arrival.hedge) throw unavailable(arrival.answer);
    const minValuePaise =
      call.min_value === undefined ? arrival.hedge.valuePaise : Math.round(call.min_value * 100);
    await waitBetDelay(market, {}, this.sleep);

    const placed: BetPlan[] = [];
    try {
      const done = await this.ctx.serial(marketId, () =>
        inMarketTx(this.ctx, marketId, async (tx, market) => {
          const seq = market.version + 1;
          // The automatic rule goes with any cash out (fired, or made needless by a manual one).
          const rules = await tx
            .delete(autoCashOuts)
            .where(ruleId === undefined ? and(eq(autoCashOuts.userId, userId), eq(autoCashOuts.marketId, marketId)) : eq(autoCashOuts.id, ruleId))
            .returning({ id: autoCashOuts.id });
          if (ruleId !== undefined && rules.length === 0) throw new RuleGone(`Automatic cash out ${ruleId} is gone`);
          market.autoCashOuts.delete(userId);
          const now = quoteOnState(market, userId, call.fraction);
          if (!now.hedge)
            throw now.answer.reason === 'NOTHING_TO_CASH_OUT'
              ? unavailable(now.answer)
              : priceMoved(now.answer);
          if (now.hedge.valuePaise < minValuePaise) throw priceMoved(now.answer);

          const cancelled = await this.cancelOwnRests(tx, market, userId);
          const [row] = await tx
            .insert(cashOuts)
            .values({
              userId,
              marketId,
              clientRef: call.client_ref,
              origin,
              fractionBps: fractionToBps(call.fraction),
              valuePaise: now.hedge.valuePaise,
              pnlAfter: [...now.hedge.pnlAfterPaise].map(([selection_id, pnl_paise]) => ({
                selection_id,
                pnl_paise,
              })),
              cancelledBetIds: cancelled,
              createdAt: this.ctx.clock(),
            })
            .returning({ id: cashOuts.id });
          // Ids and account ids read in this transaction: the allocator's and the cache's own
          // reads would wait for it on PGlite.
          const ids = await nextOrderIds(tx, now.hedge.legs.length);
          for (const [i, leg] of now.hedge.legs.entries()) {
            const req = legRequest(market, userId, leg);
            await this.matcher.knowAccountsMet(tx, market, req);
            const pending = await this.matcher.plan(market, req, leg.price, ids[i]);
            // The quote walked this very book: a leg that does not match whole is a fault.
            if (pending.plan.order.matchedPaise !== leg.stakePaise)
              throw new Error(
                `Cash out leg on ${leg.selectionId} matched ${pending.plan.order.matchedPaise} of ${leg.stakePaise}`,
              );
            pending.plan.order.cashOutId = row!.id;
            this.matcher.apply(market, pending);
            placed.push(pending.plan);
          }
          const written = await writeBetLegs(tx, placed, seq);
          if (written.kind === 'funds') throw refuse.insufficientFunds();
          return this.answer(row!.id, call, origin, now.answer, placed, cancelled, written);
          // Memory followed every write (cancels, legs, the rule): no reload after the commit.
        }, undefined, { memoryKept: true }),
      );
      for (const plan of placed) this.ctx.committed.emit(betCommitted(plan, null));
      return { done, repeated: false };
    } catch (error) {
      // The same client_ref committed meanwhile (a repeat that raced the first).
      if (isUniqueViolation(error)) {
        const repeat = await this.repeatOf(userId, call.client_ref);
        if (repeat) return { done: repeat, repeated: true };
      }
      throw error;
    }
  }

  /**
   * Cancels the caller's unmatched bets on the market, in the database and in memory (the book
   * and the position's unmatched buckets), inside the market's transaction. The position keeps
   * the exposure stored for it: the first leg's write moves it to the new figure.
   */
  private async cancelOwnRests(tx: DbOrTx, market: MarketState, userId: number) {
    const mine = [...market.openOrders.values()]
      .filter((o) => o.userId === userId && remainingOf(o) > 0)
      .sort((a, b) => a.id - b.id);
    if (mine.length === 0) return [];
    await markCancelled(tx, mine);
    const position = market.positionOf(userId).clone();
    for (const o of mine) {
      position.addRunner(o.selectionId, o.side, o.price, false, -remainingOf(o));
      market.book!.runner(o.selectionId).cancel(o.id);
      market.openOrders.delete(o.id);
      this.ctx.cache.orderClosed(o.id);
    }
    market.setPosition(userId, position);
    return mine.map((o) => o.id);
  }

  private answer(
    id: number,
    call: CashOutCall,
    origin: CashOutOrigin,
    quote: CashOutQuote,
    plans: readonly BetPlan[],
    cancelled: number[],
    money: { balancePaise: number; exposurePaise: number },
  ): CashOutDone {
    return {
      cash_out_id: id,
      market_id: Number(call.market_id),
      fraction: call.fraction,
      origin,
      value: quote.value!,
      pnl_after: quote.pnl_after,
      bets: plans.map(({ order }) => ({
        bet_id: order.id,
        selection_id: order.selectionId!,
        side: order.side as 'BACK' | 'LAY',
        odds: averageOdds(order),
        stake: paiseToRupees(order.sizePaise),
      })),
      cancelled_bet_ids: cancelled,
      balance: balanceView(money),
    };
  }

  /** The first answer of a cash out already made with this client_ref (the balance as it is now). */
  private async repeatOf(userId: number, clientRef: string): Promise<CashOutDone | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(cashOuts)
      .where(and(eq(cashOuts.userId, userId), eq(cashOuts.clientRef, clientRef)));
    if (!row) return undefined;
    const legs = await this.ctx.db
      .select()
      .from(orders)
      .where(eq(orders.cashOutId, row.id))
      .orderBy(asc(orders.id));
    const [account] = await this.ctx.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    return {
      cash_out_id: row.id,
      market_id: row.marketId,
      fraction: row.fractionBps / 10_000,
      origin: row.origin,
      value: paiseToRupees(row.valuePaise),
      pnl_after: row.pnlAfter.map((p) => ({ selection_id: p.selection_id, pnl: paiseToRupees(p.pnl_paise) })),
      bets: legs.map((o) => ({
        bet_id: o.id,
        selection_id: o.selectionId!,
        side: o.side as 'BACK' | 'LAY',
        odds: averageOdds({ ...o, matchedPaise: o.initialMatchedPaise, matchedValue: o.initialMatchedValue }),
        stake: paiseToRupees(o.sizePaise),
      })),
      cancelled_bet_ids: row.cancelledBetIds,
      balance: balanceView(account ?? { balancePaise: 0, exposurePaise: 0 }),
    };
  }
}

/** A hedge leg as a bet: fill-or-kill at the leg's worst level, matched whole now or not at all. */
function legRequest(
  market: MarketState,
  userId: number,
  leg: { selectionId: number; side: 'BACK' | 'LAY'; price: number; stakePaise: number },
): BetRequest {
  return {
    userId,
    marketId: market.id,
    kind: market.row.kind,
    side: leg.side,
    selectionId: leg.selectionId,
    price: leg.price,
    line: null,
    stakePaise: leg.stakePaise,
    clientRef: null,
    persistence: 'LAPSE',
    minFillPaise: market.book ? leg.stakePaise : null,
    requestKey: `${market.id}|${leg.selectionId}|${leg.side}|${leg.price}|${leg.stakePaise}|cash-out`,
  };
}
