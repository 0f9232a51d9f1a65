/**
 * Automatic cash out (exchange-rules.md "Cash out", ADR 49): a bettor's rule on a market, kept in
 * the database and loaded with the market (MarketState.autoCashOuts), that cashes all of the
 * position out once when the value reaches the profit target or falls to the loss limit.
 *
 * Who watches: the process that commits a change of the market evaluates that market's rules
 * right after the commit, on the market as committed. Every commit is made by exactly one
 * process, so each change is looked at once in a cluster, with no browser open and no lease;
 * after a restart the rules come back with their markets. Firing is the cash out itself
 * (cash-outs.ts) with the rule's id: its transaction deletes the rule, so a second attempt (this
 * process or another, after another change) finds it gone and does nothing: it fires once. An
 * attempt the book moved away from during the bet delay places nothing and keeps the rule,
 * which is looked at again at the next change. A manual cash out deletes the rule too.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AutoCashOut, CashOutDone, ClearedAutoCashOut } from '@exchange/contracts';
import { paiseToRupees, rupeesToPaise } from '@exchange/engine';
import { autoCashOuts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { quoteOnState } from './cash-out-quote.ts';
import { RuleGone, unavailable, type CashOuts } from './cash-outs.ts';
import { CommitFeed, type MarketCommitted } from './commits.ts';
import type { AutoCashOutRule, MarketState } from './market-state.ts';
import { inMarketTx, type MarketTxContext } from './market-tx.ts';

/** An automatic cash out fired (`cashOut`) or tried and failed (`error`: the book moved, the funds). */
export interface AutoCashOutEvent {
  userId: number;
  marketId: number;
  /** The rule (auto_cash_outs.id) and its bounds in paise, as it was tried. */
  rule: { id: number; takeProfitPaise: number | null; stopLossPaise: number | null };
  cashOut: CashOutDone | null;
  error: { code: string; message: string } | null;
}

/** The reasons a rule cannot be set: there is no cash out on the market, whatever happens to the prices. */
const NEVER = new Set(['NOTHING_TO_CASH_OUT', 'FANCY_MARKET', 'MARKET_CLOSED', 'SEVERAL_WINNERS']);

export class AutoCashOuts {
  /** Told after each automatic cash out fired or failed (the bettor's notifications). */
  readonly events = new CommitFeed<AutoCashOutEvent>();
  /** Rules being fired by this process now (one attempt at a time per rule). */
  private readonly firing = new Set<number>();
  /** Rules whose failure the bettor was told of: a rule that keeps failing is told once. */
  private readonly toldFailed = new Set<number>();

  constructor(
    private readonly ctx: MarketTxContext,
    private readonly cashOuts: CashOuts,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    ctx.committed.on((event) => this.committed(event));
  }

  /** Sets (or replaces) the user's rule on the market, in the market's transaction. */
  set(
    userId: number,
    body: { market_id: number; take_profit?: number | undefined; stop_loss?: number | undefined },
  ): Promise<AutoCashOut> {
    const marketId = body.market_id;
    const takeProfitPaise = body.take_profit === undefined ? null : rupeesToPaise(body.take_profit);
    const stopLossPaise = body.stop_loss === undefined ? null : rupeesToPaise(body.stop_loss);
    return this.ctx.serial(marketId, () =>
      inMarketTx(this.ctx, marketId, async (tx, market) => {
        const quote = quoteOnState(market, userId, 1).answer;
        if (quote.reason !== null && NEVER.has(quote.reason)) throw unavailable(quote);
        const [row] = await tx
          .insert(autoCashOuts)
          .values({ userId, marketId, takeProfitPaise, stopLossPaise, createdAt: this.ctx.clock() })
          .onConflictDoUpdate({
            target: [autoCashOuts.userId, autoCashOuts.marketId],
            set: { takeProfitPaise, stopLossPaise, createdAt: sql`excluded.created_at` },
          })
          .returning({ id: autoCashOuts.id });
        market.autoCashOuts.set(userId, { id: row!.id, userId, takeProfitPaise, stopLossPaise });
        const rule = { take_profit: body.take_profit ?? null, stop_loss: body.stop_loss ?? null };
        return { market_id: marketId, ...rule, quote: { ...quote, auto_cash_out: rule } };
      }),
    );
  }

  /** Clears the user's rule on the market; `cleared` false when there was none. */
  clear(userId: number, marketId: number): Promise<ClearedAutoCashOut> {
    return this.ctx.serial(marketId, () =>
      inMarketTx(this.ctx, marketId, async (tx, market) => {
        const gone = await tx
          .delete(autoCashOuts)
          .where(and(eq(autoCashOuts.userId, userId), eq(autoCashOuts.marketId, marketId)))
          .returning({ id: autoCashOuts.id });
        market.autoCashOuts.delete(userId);
        return { market_id: marketId, cleared: gone.length > 0 };
      }),
    );
  }

  /**
   * After a commit made here: the market's rules looked at on the market as committed. The event's
   * state is valid during this call only; without one (a maker's re-quote, a cash out's legs) the
   * committed state is read, but only for a market known to hold rules.
   */
  private committed(event: MarketCommitted): void {
    if (event.state) {
      this.evaluate(event.state);
      return;
    }
    if ((this.ctx.cache.cached(event.marketId)?.autoCashOuts.size ?? 0) === 0) return;
    this.ctx.cache.committedState(event.marketId).then(
      (state) => this.evaluate(state),
      (error: unknown) => this.onError(error),
    );
  }

  /** Fires every rule whose bound the full cash out's value has reached (synchronously reads `market`). */
  private evaluate(market: MarketState): void {
    for (const rule of market.autoCashOuts.values()) {
      if (this.firing.has(rule.id)) continue;
      const hedge = quoteOnState(market, rule.userId, 1).hedge;
      if (!hedge || !reached(rule, hedge.valuePaise)) continue;
      this.firing.add(rule.id);
      void this.fire(market.id, rule, hedge.valuePaise).finally(() => this.firing.delete(rule.id));
    }
  }

  /** The cash out, at the value that fired it or better (after the bet delay, in play). */
  private async fire(marketId: number, rule: AutoCashOutRule, valuePaise: number): Promise<void> {
    const event = {
      userId: rule.userId,
      marketId,
      rule: { id: rule.id, takeProfitPaise: rule.takeProfitPaise, stopLossPaise: rule.stopLossPaise },
    };
    try {
      const { done, repeated } = await this.cashOuts.place(
        rule.userId,
        {
          market_id: marketId,
          fraction: 1,
          min_value: paiseToRupees(valuePaise),
          client_ref: `auto:${rule.id}`,
        },
        'AUTO',
        rule.id,
      );
      this.toldFailed.delete(rule.id);
      if (!repeated) this.events.emit({ ...event, cashOut: done, error: null });
    } catch (error) {
      if (error instanceof RuleGone) return;
      if (!(error instanceof AppError)) return this.onError(error);
      if (this.toldFailed.has(rule.id)) return;
      this.toldFailed.add(rule.id);
      this.events.emit({ ...event, cashOut: null, error: { code: error.code, message: error.message } });
    }
  }
}

/** Whether the value has reached the rule's profit target or its loss limit. */
function reached(rule: AutoCashOutRule, valuePaise: number): boolean {
  return (
    (rule.takeProfitPaise !== null && valuePaise >= rule.takeProfitPaise) ||
    (rule.stopLossPaise !== null && valuePaise <= -rule.stopLossPaise)
  );
}
