/**
 * Matching: an exchange bet against the market's book in memory (price-time priority, the
 * engine's order book), a bookmaker or fancy bet taken whole by the house; either way the plan of
 * its write (order, fills, makers' orders, every changed user's exposure) for the money writer.
 */
import { type Fill, type Side } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/time.ts';
import type { BetPlan, ExposureWrite, FillWrite, MakerWrite } from '../money/index.ts';
import type { BetRequest } from './bet-request.ts';
import type { IdAllocator } from './ids.ts';
import type { MarketCache } from './market-cache.ts';
import { remainingOf, type MarketState, type OpenOrder } from './market-state.ts';
import { UserPosition } from './positions.ts';
import { fillableNow } from './risk.ts';

/** A bet matched (or priced) in memory, not yet applied to the market: its write and its effects. */
export interface Pending {
  plan: BetPlan;
  positions: Map<number, UserPosition>;
  makers: MakerWrite[];
  resting: OpenOrder | null;
  /** The book was changed in place: if the write fails, memory is ahead and must be reloaded. */
  bookMutated: boolean;
}

export class BetMatcher {
  constructor(
    private readonly cache: MarketCache,
    private readonly ids: IdAllocator,
    private readonly clock: Clock,
  ) {}

  /**
   * Matches or prices the bet at `price` (the one the risk checks took it at) and plans its write.
   * `id`: the bet's id when the caller took it (inside a transaction, from the transaction: the
   * allocator's own read would wait for it on PGlite); else one from the allocator.
   */
  async plan(market: MarketState, req: BetRequest, price: number, id?: number): Promise<Pending> {
    const betId = id ?? (await this.ids.take());
    return market.book ? this.matchExchange(market, req, betId) : this.planHouseBet(market, req, price, betId);
  }

  private newOrder(
    market: MarketState,
    req: BetRequest,
    id: number,
    price: number,
    sizePaise = req.stakePaise,
  ): BetPlan['order'] {
    return {
      id,
      userId: req.userId,
      marketId: market.id,
      selectionId: req.selectionId,
      kind: req.kind,
      side: req.side,
      price,
      line: req.line,
      sizePaise,
      matchedPaise: 0,
      matchedValue: 0,
      cancelledPaise: 0,
      persistence: req.persistence,
      status: 'OPEN',
      clientRef: req.clientRef,
      requestKey: req.requestKey,
      bookSeq: market.version + 1,
      placedAt: this.clock(),
      initialMatchedPaise: 0,
      initialMatchedValue: 0,
    };
  }

  /** Matches an exchange bet in the book (mutating it) and plans the write. */
  private async matchExchange(market: MarketState, req: BetRequest, id: number): Promise<Pending> {
    const book = market.book!;
    const selectionId = req.selectionId!;
    const side = req.side as Side;
    const fills: Fill[] = [];
    // Fill or kill places only what matches now (checked enough by risk.ts): nothing rests.
    const sizePaise = req.minFillPaise === null ? req.stakePaise : fillableNow(market, req);
    const remaining = book.runner(selectionId).place(
      {
        orderId: id,
        userId: req.userId,
        side,
        price: req.price,
        sizePaise,
        persistence: req.persistence,
      },
      fills,
    );

    const positions = new Map<number, UserPosition>([[req.userId, market.positionOf(req.userId).clone()]]);
    const taker = positions.get(req.userId)!;
    const makerSide: Side = side === 'BACK' ? 'LAY' : 'BACK';
    const fillWrites: FillWrite[] = [];
    const makers: MakerWrite[] = [];
    let matched = 0;
    let value = 0;
    for (const f of fills) {
      matched += f.sizePaise;
      value += f.sizePaise * f.price;
      taker.addRunner(selectionId, side, f.price, true, f.sizePaise);
      let maker = positions.get(f.makerUserId);
      if (!maker) positions.set(f.makerUserId, (maker = market.positionOf(f.makerUserId).clone()));
      maker.addRunner(selectionId, makerSide, f.price, false, -f.sizePaise);
      maker.addRunner(selectionId, makerSide, f.price, true, f.sizePaise);
      const order = market.openOrders.get(f.makerOrderId);
      if (!order) throw new Error(`Resting order ${f.makerOrderId} missing from market ${market.id}`);
      makers.push({
        orderId: f.makerOrderId,
        matchedDeltaPaise: f.sizePaise,
        valueDelta: f.sizePaise * f.price,
        filledOut: remainingOf(order) === f.sizePaise,
      });
      fillWrites.push({
        makerOrderId: f.makerOrderId,
        makerUserId: f.makerUserId,
        takerUserId: req.userId,
        selectionId,
        takerSide: side,
        price: f.price,
        sizePaise: f.sizePaise,
      });
    }
    if (remaining > 0) taker.addRunner(selectionId, side, req.price, false, remaining);

    const order = this.newOrder(market, req, id, req.price, sizePaise);
    order.matchedPaise = matched;
    order.matchedValue = value;
    order.initialMatchedPaise = matched;
    order.initialMatchedValue = value;
    order.status = remaining > 0 ? 'OPEN' : 'MATCHED';
    const resting: OpenOrder | null =
      remaining > 0
        ? {
            id,
            userId: req.userId,
            selectionId,
            side,
            price: req.price,
            sizePaise,
            matchedPaise: matched,
            matchedValue: value,
            cancelledPaise: 0,
            persistence: req.persistence,
          }
        : null;
    return {
      plan: {
        marketId: market.id,
        expectVersion: market.version,
        order,
        fills: fillWrites,
        makers,
        exposures: await this.exposureWrites(market, positions),
        at: order.placedAt,
      },
      positions,
      makers,
      resting,
      bookMutated: true,
    };
  }

  /** Plans a bookmaker or fancy bet: the house takes all of it at the price checked. */
  private async planHouseBet(market: MarketState, req: BetRequest, price: number, id: number): Promise<Pending> {
    const position = market.positionOf(req.userId).clone();
    if (req.kind === 'FANCY') position.addFancy(req.side as 'YES' | 'NO', req.line!, price, req.stakePaise);
    else position.addRunner(req.selectionId!, req.side as Side, price, true, req.stakePaise);
    const positions = new Map([[req.userId, position]]);
    const order = this.newOrder(market, req, id, price);
    order.matchedPaise = req.stakePaise;
    order.matchedValue = req.stakePaise * price;
    order.initialMatchedPaise = req.stakePaise;
    order.initialMatchedValue = req.stakePaise * price;
    order.status = 'MATCHED';
    return {
      plan: {
        marketId: market.id,
        expectVersion: market.version,
        order,
        fills: [],
        makers: [],
        exposures: await this.exposureWrites(market, positions),
        at: order.placedAt,
      },
      positions,
      makers: [],
      resting: null,
      bookMutated: false,
    };
  }

  /** Each changed position's new exposure (the first entry is the taker's). */
  private async exposureWrites(
    market: MarketState,
    positions: Map<number, UserPosition>,
  ): Promise<ExposureWrite[]> {
    const out: ExposureWrite[] = [];
    for (const [userId, position] of positions) {
      const before = market.positionOf(userId).exposurePaise;
      const after = market.exposureOf(position);
      position.exposurePaise = after;
      out.push({ userId, accountId: await this.cache.accountIdOf(userId), beforePaise: before, afterPaise: after });
    }
    return out;
  }

  /**
   * Reads, in the caller's transaction, the account ids of the bettor and of the users whose
   * orders the bet may meet: plan() asks the cache for them, and the cache's own read would wait
   * for that transaction on PGlite (one connection).
   */
  async knowAccountsMet(tx: DbOrTx, market: MarketState, req: BetRequest): Promise<void> {
    await this.cache.accountIdOf(req.userId, tx);
    for (const o of market.openOrders.values()) {
      if (o.selectionId !== req.selectionId || o.side === req.side) continue;
      if (req.side === 'BACK' ? o.price >= req.price : o.price <= req.price) await this.cache.accountIdOf(o.userId, tx);
    }
  }

  /** Applies a planned bet to the market in memory (after, or ahead of, its write). */
  apply(market: MarketState, pending: Pending): void {
    for (const [userId, position] of pending.positions) market.setPosition(userId, position);
    // In the order matched: the last fill sets the runner's last traded price.
    for (const f of pending.plan.fills) market.traded.add(f.selectionId, f.price, f.sizePaise);
    for (const m of pending.makers) {
      const order = market.openOrders.get(m.orderId)!;
      order.matchedPaise += m.matchedDeltaPaise;
      order.matchedValue += m.valueDelta;
      if (m.filledOut) {
        market.openOrders.delete(m.orderId);
        this.cache.orderClosed(m.orderId);
      }
    }
    if (pending.resting) {
      market.openOrders.set(pending.resting.id, pending.resting);
      this.cache.orderOpened(pending.resting.id, market.id);
    }
    market.row = { ...market.row, version: market.version + 1 };
  }
}
