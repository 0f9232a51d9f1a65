/**
 * The order book of one runner in one exchange market: resting BACK and LAY orders, matched by
 * price-time priority (exchange-rules.md). Commands in (place, cancel, setPersistence, lapse, cancelAll), events
 * out (fills appended to the caller's array, cancelled orders returned). No IO, no clock.
 *
 * Terms: a resting LAY at q offers "back at q" to others; a resting BACK at q offers "lay at q".
 * An incoming BACK at p matches resting LAYs with q >= p, highest q first; an incoming LAY at p
 * matches resting BACKs with q <= p, lowest q first; oldest first within a price; every fill is
 * at the resting (maker) order's price. Sizes are the backer's stake in paise for both sides
 * (Betfair's convention: a lay of size s at p risks s x (p - 1)).
 *
 * This file holds the book's commands, events and interface. Two books implement it: the fast
 * one production runs (order-book.fast.ts) and the slow reference the tests hold it against
 * (order-book.reference.ts).
 */
import type { Price } from './ladder.ts';
import type { Paise } from './money.ts';

export type Side = 'BACK' | 'LAY';
export type Persistence = 'LAPSE' | 'PERSIST';
export type OrderId = number;
export type UserId = number;
export type SelectionId = number;

/** The command to place an order. Order ids must be unique for the book's life (the bet id). */
export interface PlaceOrder {
  orderId: OrderId;
  userId: UserId;
  side: Side;
  price: Price;
  sizePaise: Paise;
  /** LAPSE: the unmatched remainder is cancelled by lapse() (at in-play or suspension). */
  persistence: Persistence;
}

/** One match between the incoming (taker) order and a resting (maker) order, at the maker's price. */
export interface Fill {
  takerOrderId: OrderId;
  makerOrderId: OrderId;
  price: Price;
  sizePaise: Paise;
  makerUserId: UserId;
  takerUserId: UserId;
}

export interface RestingOrder {
  orderId: OrderId;
  userId: UserId;
  side: Side;
  price: Price;
  remainingPaise: Paise;
  persistence: Persistence;
}

export interface PriceLevel {
  price: Price;
  sizePaise: Paise;
}

/** What the fast book and the reference book both do; the tests hold one against the other. */
export interface OrderBookLike {
  /** Matches the order, appends its fills to `fills`, rests the remainder; returns the resting size. */
  place(order: PlaceOrder, fills: Fill[]): Paise;
  /** Cancels the unmatched remainder (or reduces it by sizeReductionPaise); returns the size cancelled, 0 for an unknown order. */
  cancel(orderId: OrderId, sizeReductionPaise?: Paise): Paise;
  /**
   * Sets a resting order's persistence (what lapse() does with it), keeping its place in the
   * queue; returns false for an unknown order.
   */
  setPersistence(orderId: OrderId, persistence: Persistence): boolean;
  /** Cancels every resting LAPSE order (turn in-play, suspension); returns them as they were, in book order. */
  lapse(): RestingOrder[];
  /** Cancels every resting order, or those of one side; returns them as they were, in book order. */
  cancelAll(side?: Side): RestingOrder[];
  /**
   * The n best levels a bettor can take, as shown on the site: 'BACK' = available to back
   * (resting LAYs, highest price first), 'LAY' = available to lay (resting BACKs, lowest first).
   */
  bestLevels(side: Side, n?: number): PriceLevel[];
  order(orderId: OrderId): RestingOrder | undefined;
  /** Every resting order in book order: BACKs then LAYs, each by price ascending, oldest first. */
  orders(): RestingOrder[];
  readonly orderCount: number;
  /** A hash of the resting orders in book order: equal books (and equal replays) hash equal. */
  stateHash(): string;
}

/**
 * What an order of `side` at `price` would match now in these levels (the book's
 * `bestLevels(side)`): a BACK takes the levels at `price` or higher, a LAY those at `price` or
 * lower. The fill-or-kill check: what matches now, before anything rests.
 */
export function crossingPaise(levels: readonly PriceLevel[], side: Side, price: Price): Paise {
  let total = 0;
  for (const level of levels) {
    if (side === 'BACK' ? level.price < price : level.price > price) break;
    total += level.sizePaise;
  }
  return total;
}

/** Refused commands throw this: they are caller bugs (the service validates first), not business refusals. */
export class OrderBookError extends RangeError {}
