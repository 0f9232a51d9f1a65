/**
 * A market maker's quotes replaced in one commit: its stale orders cancelled and its new ones
 * rested in the same transaction, so no reader (the API, the live push) ever sees the book
 * between the two, without the maker's prices (issue 20: a ladder blanked about one sample in
 * twenty while the maker cancelled, then placed its quotes one bet at a time).
 *
 * A new quote that would meet a resting order of someone else is not rested here (resting it
 * would skip the matching): it is handed back to be placed through the bet path, which matches
 * it like any bet. Quotes are rested in the order given as far as the maker's balance carries
 * them, each checked by the bet path's one affordability rule (the engine's canAfford); the rest
 * are left out.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import { canAfford, paiseToRupees, priceToOdds, type Paise } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { markets, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { lockAccounts, storeUserExposures } from '../money/index.ts';
import { marketBetRequest } from './bet-request.ts';
import { nextOrderIds, type IdAllocator } from './ids.ts';
import { loadMarkets, remainingOf, type MarketState, type OpenOrder } from './market-state.ts';
import { inMarketTx, markCancelled, writeExposures, type MarketTxContext } from './market-tx.ts';
import { positionExposureAfter, type UserPosition } from './positions.ts';
import { checkBet } from './risk.ts';

export interface MakerQuote {
  selectionId: number;
  side: 'BACK' | 'LAY';
  price: number;
  sizePaise: number;
  clientRef: string;
}

export interface QuoteReplacement {
  cancelled: number;
  rested: number;
  /** Quotes that meet another user's order: for the bet path, which matches them. */
  crossing: MakerQuote[];
}

/** Would a new order on this side and price meet `o` (the opposite side, at a price it accepts)? */
const meets = (q: MakerQuote, o: OpenOrder) =>
  o.selectionId === q.selectionId && o.side !== q.side && (q.side === 'LAY' ? o.price <= q.price : o.price >= q.price);

type OrderInsert = typeof orders.$inferInsert & { id: number };
/** Order rows per insert statement (16 columns: well within a statement's 65,535 parameters). */
const INSERT_CHUNK = 1_000;

/** The resting orders of new quotes, at the market's next version (ids to be filled in). */
function orderRows(market: MarketState, userId: number, quotes: readonly MakerQuote[], at: Date): OrderInsert[] {
  return quotes.map((q) => ({
    id: 0,
    userId,
    marketId: market.id,
    selectionId: q.selectionId,
    kind: 'EXCHANGE' as const,
    side: q.side,
    price: q.price,
    line: null,
    sizePaise: q.sizePaise,
    persistence: 'PERSIST' as const,
    status: 'OPEN' as const,
    clientRef: q.clientRef,
    requestKey: `${market.id}|${q.selectionId}|${q.side}|${q.price}|${q.sizePaise}`,
    bookSeq: market.version + 1,
    placedAt: at,
  }));
}

/** One market's change of quotes, planned in memory against its state. */
interface QuotePlan {
  cancelled: OpenOrder[];
  rest: MakerQuote[];
  crossing: MakerQuote[];
  position: UserPosition;
  /** What the change adds to the maker's exposure (negative: frees money). */
  exposureDeltaPaise: number;
}

export class MakerQuotes {
  constructor(
    private readonly ctx: MarketTxContext,
    private readonly ids: IdAllocator,
  ) {}

  /** Cancels `cancelIds` and rests `quotes` on one market in one transaction. */
  async replace(userId: number, marketId: number, cancelIds: readonly number[], quotes: readonly MakerQuote[]): Promise<QuoteReplacement> {
    // Ids first, outside the market's lane and transaction.
    const ids = await this.takeIds(quotes.length);
    return this.ctx.serial(marketId, () =>
      inMarketTx(this.ctx, marketId, async (tx, market) => {
        const account = await this.lockAccount(tx, userId);
        const plan = this.plan(market, userId, cancelIds, quotes, account);
        await this.write(tx, market, userId, plan, ids);
        return { cancelled: plan.cancelled.length, rested: plan.rest.length, crossing: plan.crossing };
      }),
    );
  }

  /**
   * The maker's first quotes on many markets (the catalog's upkeep) in one transaction, as far
   * as its balance goes, in the order given: a market where it already has orders is left as it
   * is. Each market's row is locked and its version bumped, as any change of it; memory reloads
   * them before their next use. One commit for hundreds of markets instead of one each: every
   * race of the next two days is quoted at a start. Returns the orders rested, by market, and
   * the quotes that would meet another user's order.
   */
  async open(userId: number, quotesOf: ReadonlyMap<number, (market: MarketState) => readonly MakerQuote[]>): Promise<{ rested: number; crossing: { marketId: number; quote: MakerQuote }[] }> {
    const marketIds = [...quotesOf.keys()].sort((a, b) => a - b);
    if (marketIds.length === 0) return { rested: 0, crossing: [] };
    const touched: number[] = [];
    const crossing: { marketId: number; quote: MakerQuote }[] = [];
    let rested = 0;
    try {
      await this.ctx.db.transaction(async (tx) => {
        await tx.select({ id: markets.id }).from(markets).where(inArray(markets.id, marketIds)).orderBy(asc(markets.id)).for('update');
        const loaded = await loadMarkets(tx, marketIds);
        const accountId = await this.ctx.cache.accountIdOf(userId, tx);
        let account = await this.lockAccount(tx, userId);
        const at = this.ctx.clock();
        const rows: OrderInsert[] = [];
        const exposures: { marketId: number; beforePaise: number; afterPaise: number }[] = [];
        for (const id of marketIds) {
          const market = loaded.get(id);
          if (!market || [...market.openOrders.values()].some((o) => o.userId === userId)) continue;
          const plan = this.plan(market, userId, [], quotesOf.get(id)!(market), account);
          crossing.push(...plan.crossing.map((quote) => ({ marketId: id, quote })));
          if (plan.rest.length === 0) continue;
          touched.push(id);
          account = { ...account, exposurePaise: account.exposurePaise + plan.exposureDeltaPaise };
          const before = market.positionOf(userId).exposurePaise;
          exposures.push({ marketId: id, beforePaise: before, afterPaise: before + plan.exposureDeltaPaise });
          rows.push(...orderRows(market, userId, plan.rest, at));
        }
        // Ids from the transaction itself: the allocator's own query would wait for it to end.
        const ids = await nextOrderIds(tx, rows.length);
        rows.forEach((r, i) => (r.id = ids[i]!));
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(orders).values(rows.slice(i, i + INSERT_CHUNK));
        await storeUserExposures(tx, userId, accountId, exposures);
        if (touched.length > 0)
          await tx.update(markets).set({ version: sql`${markets.version} + 1` }).where(inArray(markets.id, touched));
        rested = rows.length;
      });
    } finally {
      // Memory reloads them before their next use (a bet planned meanwhile meets the version check).
      for (const id of touched) this.ctx.cache.markStale(id);
    }
    // The listeners (the live push, the other processes, ADR 22 and 37) hear of each market; no
    // state: they read it as committed, reloaded.
    for (const marketId of touched)
      this.ctx.committed.emit({ marketId, userIds: [userId], bets: [], committedAt: Date.now(), state: null });
    return { rested, crossing };
  }

  private async takeIds(n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await this.ids.take());
    return ids;
  }

  private async lockAccount(tx: DbOrTx, userId: number) {
    const accountId = await this.ctx.cache.accountIdOf(userId, tx);
    return (await lockAccounts(tx, [accountId])).get(accountId)!;
  }

  /**
   * Cancels `cancelIds` and takes the quotes the bet path would accept that meet nobody, as far
   * as the maker's `account` (its balance and its reservation before this change) carries them.
   */
  private plan(
    market: MarketState,
    userId: number,
    cancelIds: readonly number[],
    quotes: readonly MakerQuote[],
    account: { balancePaise: Paise; exposurePaise: Paise },
  ): QuotePlan {
    const cancelled = cancelIds
      .map((id) => market.openOrders.get(id))
      .filter((o): o is OpenOrder => o !== undefined && o.userId === userId && remainingOf(o) > 0);
    const gone = new Set(cancelled.map((o) => o.id));
    const staying = [...market.openOrders.values()].filter((o) => !gone.has(o.id));
    const position = market.positionOf(userId).clone();
    for (const o of cancelled) position.addRunner(o.selectionId, o.side, o.price, false, -remainingOf(o));
    const before = market.positionOf(userId).exposurePaise;
    const otherMarketsPaise = account.exposurePaise - before;
    const model = market.exposureModel();
    let exposurePaise = market.exposureOf(position);
    const crossing: MakerQuote[] = [];
    const rest: MakerQuote[] = [];
    for (const q of quotes) {
      if (!this.acceptable(market, userId, q, position)) continue;
      if (staying.some((o) => meets(q, o))) {
        crossing.push(q);
        continue;
      }
      const after = positionExposureAfter(model, position, { selectionId: q.selectionId, side: q.side, price: q.price, sizePaise: q.sizePaise });
      // Beyond what the balance carries: left out, as the bet path would refuse it.
      if (!canAfford(account.balancePaise, otherMarketsPaise, after, exposurePaise)) continue;
      position.addRunner(q.selectionId, q.side, q.price, false, q.sizePaise);
      exposurePaise = after;
      rest.push(q);
    }
    return { cancelled, rest, crossing, position, exposureDeltaPaise: exposurePaise - before };
  }

  /** The plan's rows: cancelled orders, new resting orders (ids given), the maker's exposure. */
  private async write(tx: DbOrTx, market: MarketState, userId: number, plan: QuotePlan, ids: readonly number[]): Promise<void> {
    await markCancelled(tx, plan.cancelled);
    const rows = orderRows(market, userId, plan.rest, this.ctx.clock());
    rows.forEach((r, i) => (r.id = ids[i]!));
    if (rows.length > 0) await tx.insert(orders).values(rows);
    await writeExposures(this.ctx, tx, market, new Map([[userId, plan.position]]));
  }

  /**
   * The bet path's pre-trade checks (status, runner, stake limits, maximum profit, and no
   * crossing of the maker's own orders as this re-quote leaves them: `position`).
   */
  private acceptable(market: MarketState, userId: number, q: MakerQuote, position: UserPosition): boolean {
    try {
      const req = marketBetRequest(
        userId,
        { market_id: market.id, selection_id: q.selectionId, is_back: q.side === 'BACK' ? 1 : 0, odds: priceToOdds(q.price), stake: paiseToRupees(q.sizePaise), persistence: 'PERSIST' },
        market,
      );
      checkBet(market, req, this.ctx.clock, position);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }
}
