/**
 * The slow, obviously correct order book (exchange-core's habit): one array of resting orders,
 * sorted and scanned on every command. Used only by tests, as the oracle for OrderBook.
 */
import { isValidPrice } from './ladder.ts';
import { assertStake, type Paise } from './money.ts';
import {
  OrderBookError,
  type Fill,
  type OrderBookLike,
  type OrderId,
  type Persistence,
  type PlaceOrder,
  type PriceLevel,
  type RestingOrder,
  type Side,
} from './order-book.ts';
import { OrderHash } from './order-hash.ts';

interface Entry extends RestingOrder {
  /** Arrival order: time priority. */
  seq: number;
}

export class ReferenceOrderBook implements OrderBookLike {
  private entries: Entry[] = [];
  private seq = 0;

  get orderCount(): number {
    return this.entries.length;
  }

  place(order: PlaceOrder, fills: Fill[]): Paise {
    if (!isValidPrice(order.price)) throw new OrderBookError(`Not a ladder price: ${order.price}`);
    assertStake(order.sizePaise, 'Order size');
    if (this.entries.some((e) => e.orderId === order.orderId)) throw new OrderBookError(`Order ${order.orderId} is already in the book`);

    // The resting orders this order can match: the other side, at a price at least as good for the taker.
    const crosses = (e: Entry) =>
      order.side === 'BACK' ? e.side === 'LAY' && e.price >= order.price : e.side === 'BACK' && e.price <= order.price;
    // Best price for the taker first (a backer wants the highest, a layer the lowest), then oldest.
    const priority = (a: Entry, b: Entry) => (order.side === 'BACK' ? b.price - a.price : a.price - b.price) || a.seq - b.seq;
    const candidates = this.entries.filter(crosses).sort(priority);

    let left = order.sizePaise;
    for (const maker of candidates) {
      if (left === 0) break;
      const size = Math.min(left, maker.remainingPaise);
      fills.push({ takerOrderId: order.orderId, makerOrderId: maker.orderId, price: maker.price, sizePaise: size, makerUserId: maker.userId, takerUserId: order.userId });
      maker.remainingPaise -= size;
      left -= size;
    }
    this.entries = this.entries.filter((e) => e.remainingPaise > 0);
    if (left > 0) {
      this.entries.push({
        orderId: order.orderId,
        userId: order.userId,
        side: order.side,
        price: order.price,
        remainingPaise: left,
        persistence: order.persistence,
        seq: this.seq++,
      });
    }
    return left;
  }

  cancel(orderId: OrderId, sizeReductionPaise?: Paise): Paise {
    if (sizeReductionPaise !== undefined) assertStake(sizeReductionPaise, 'Size reduction');
    const entry = this.entries.find((e) => e.orderId === orderId);
    if (!entry) return 0;
    const cancelled = Math.min(sizeReductionPaise ?? entry.remainingPaise, entry.remainingPaise);
    entry.remainingPaise -= cancelled;
    this.entries = this.entries.filter((e) => e.remainingPaise > 0);
    return cancelled;
  }

  setPersistence(orderId: OrderId, persistence: Persistence): boolean {
    if (persistence !== 'LAPSE' && persistence !== 'PERSIST') throw new OrderBookError(`Unknown persistence: ${String(persistence)}`);
    const entry = this.entries.find((e) => e.orderId === orderId);
    if (!entry) return false;
    entry.persistence = persistence;
    return true;
  }

  lapse(): RestingOrder[] {
    return this.removeWhere((e) => e.persistence === 'LAPSE');
  }

  cancelAll(side?: Side): RestingOrder[] {
    return this.removeWhere((e) => side === undefined || e.side === side);
  }

  bestLevels(side: Side, n = 3): PriceLevel[] {
    // Available to back = resting LAYs, highest first; available to lay = resting BACKs, lowest first.
    const restingSide: Side = side === 'BACK' ? 'LAY' : 'BACK';
    const totals = new Map<number, number>();
    for (const e of this.entries) if (e.side === restingSide) totals.set(e.price, (totals.get(e.price) ?? 0) + e.remainingPaise);
    return [...totals]
      .map(([price, sizePaise]) => ({ price, sizePaise }))
      .sort((a, b) => (side === 'BACK' ? b.price - a.price : a.price - b.price))
      .slice(0, n);
  }

  order(orderId: OrderId): RestingOrder | undefined {
    const entry = this.entries.find((e) => e.orderId === orderId);
    return entry && withoutSeq(entry);
  }

  orders(): RestingOrder[] {
    return this.sorted().map(withoutSeq);
  }

  stateHash(): string {
    const hash = new OrderHash();
    for (const o of this.sorted()) hash.addOrder(o);
    return hash.digest();
  }

  /** Book order: BACKs then LAYs, each by price ascending, then oldest first. */
  private sorted(): Entry[] {
    return [...this.entries].sort((a, b) => (a.side === b.side ? 0 : a.side === 'BACK' ? -1 : 1) || a.price - b.price || a.seq - b.seq);
  }

  private removeWhere(predicate: (e: Entry) => boolean): RestingOrder[] {
    const removed = this.sorted().filter(predicate);
    this.entries = this.entries.filter((e) => !predicate(e));
    return removed.map(withoutSeq);
  }
}

function withoutSeq({ seq: _seq, ...order }: Entry): RestingOrder {
  return order;
}
