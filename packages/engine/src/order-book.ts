/**
 * The order book of one runner in one exchange market: resting BACK and LAY orders, matched by
 * price-time priority (exchange-rules.md). Commands in (place, cancel, lapse, cancelAll), events
 * out (fills appended to the caller's array, cancelled orders returned). No IO, no clock.
 *
 * Terms: a resting LAY at q offers "back at q" to others; a resting BACK at q offers "lay at q".
 * An incoming BACK at p matches resting LAYs with q >= p, highest q first; an incoming LAY at p
 * matches resting BACKs with q <= p, lowest q first; oldest first within a price; every fill is
 * at the resting (maker) order's price. Sizes are the backer's stake in paise for both sides
 * (Betfair's convention: a lay of size s at p risks s x (p - 1)).
 *
 * Layout, for speed: orders live as fixed-size records in one typed array (no object per resting
 * order); each price level is an intrusive doubly linked FIFO list of records, so appending,
 * taking the oldest and cancelling from the middle are all O(1); levels are indexed by ladder
 * tick; the best level of each side is a pointer that moves only when its level empties; a Map
 * finds an order's record by id.
 */
import { LADDER, LADDER_SIZE, tickOfPrice, type Price } from './ladder.ts';
import { assertStake, type Paise } from './money.ts';

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

/** Refused commands throw this: they are caller bugs (the service validates first), not business refusals. */
export class OrderBookError extends RangeError {}

const NONE = -1;
/** Level index of a LAY level: levels [0, LADDER_SIZE) hold resting BACKs, [LADDER_SIZE, 2 x LADDER_SIZE) resting LAYs. */
const LAY_LEVELS = LADDER_SIZE;
const LEVEL_COUNT = 2 * LADDER_SIZE;
export const DEFAULT_MAX_ORDERS_PER_BOOK = 1_000_000;

// An order record: SLOT fields in one Float64Array, so an order is one or two cache lines (a
// market's book is cold more often than not when many markets trade). Records are addressed by
// their offset in the array; NEXT and PREV link the level's FIFO list (NEXT also links free records).
const ORDER_ID = 0;
const USER_ID = 1;
const REMAINING = 2;
/** The level index, plus LAPSE_BIT for a LAPSE order. */
const META = 3;
const NEXT = 4;
const PREV = 5;
const SLOT = 6;
const LAPSE_BIT = 1024;
// A level record: its list ends (record offsets) and total size.
const HEAD = 0;
const TAIL = 1;
const SIZE = 2;
const LEVEL = 3;

// Module-local copies of what the hot path reads, so it never goes through an import binding.
const PRICES = LADDER;
const TICK_COUNT = LADDER_SIZE;
const tickOf = tickOfPrice;

/** Shared by every book that has never held an order. */
const NO_LEVELS = new Float64Array(0);

function emptyLevels(): Float64Array {
  const levels = new Float64Array(LEVEL_COUNT * LEVEL);
  for (let level = 0; level < LEVEL_COUNT; level++) {
    levels[level * LEVEL + HEAD] = NONE;
    levels[level * LEVEL + TAIL] = NONE;
  }
  return levels;
}

export class OrderBook implements OrderBookLike {
  private records: Float64Array;
  private freeHead = NONE;
  /** Offset just past the last record ever used. */
  private highWater = 0;
  private readonly recordOf = new Map<OrderId, number>();
  /**
   * The ladder's levels, allocated when the first order rests: a runner nobody has bet on (most
   * runners of far-off races) costs no 17 kB of levels, so a thousand open markets fit in memory.
   */
  private levels: Float64Array = NO_LEVELS;
  /** Lowest tick holding a resting BACK (LADDER_SIZE when none): the best price to lay at. */
  private bestBackTick = TICK_COUNT;
  /** Highest tick holding a resting LAY (NONE when none): the best price to back at. */
  private bestLayTick = NONE;

  constructor(
    /** The bound on resting orders; a new order is refused while the book holds this many. */
    readonly maxOrders = DEFAULT_MAX_ORDERS_PER_BOOK,
    initialCapacity = 16,
  ) {
    this.records = new Float64Array(Math.max(1, Math.min(initialCapacity, maxOrders)) * SLOT);
  }

  get orderCount(): number {
    return this.recordOf.size;
  }

  place(order: PlaceOrder, fills: Fill[]): Paise {
    const tick = tickOf(order.price);
    if (tick < 0) throw new OrderBookError(`Not a ladder price: ${order.price}`);
    assertStake(order.sizePaise, 'Order size');
    const orderId = order.orderId;
    if (!Number.isSafeInteger(orderId) || !Number.isSafeInteger(order.userId)) throw new OrderBookError('Order and user ids must be safe integers');
    if (this.recordOf.has(orderId)) throw new OrderBookError(`Order ${orderId} is already in the book`);
    if (this.recordOf.size >= this.maxOrders) throw new OrderBookError(`Order book full (${this.maxOrders} resting orders)`);
    const isLay = order.side === 'LAY';
    if (!isLay && order.side !== 'BACK') throw new OrderBookError(`Unknown side: ${String(order.side)}`);
    if (order.persistence !== 'LAPSE' && order.persistence !== 'PERSIST') throw new OrderBookError(`Unknown persistence: ${String(order.persistence)}`);

    let left = order.sizePaise;
    if (isLay) {
      while (left > 0 && this.bestBackTick <= tick) left = this.takeFromLevel(this.bestBackTick, order, left, fills);
    } else {
      while (left > 0 && this.bestLayTick >= tick) left = this.takeFromLevel(LAY_LEVELS + this.bestLayTick, order, left, fills);
    }
    if (left > 0) this.rest(order, isLay ? LAY_LEVELS + tick : tick, left);
    return left;
  }

  cancel(orderId: OrderId, sizeReductionPaise?: Paise): Paise {
    if (sizeReductionPaise !== undefined) assertStake(sizeReductionPaise, 'Size reduction');
    const r = this.recordOf.get(orderId);
    if (r === undefined) return 0;
    const remaining = this.records[r + REMAINING]!;
    if (sizeReductionPaise === undefined || sizeReductionPaise >= remaining) {
      this.remove(r);
      return remaining;
    }
    // A partial cancel keeps the order's place in the queue (as Betfair's sizeReduction does).
    this.records[r + REMAINING] = remaining - sizeReductionPaise;
    this.levels[this.levelOf(r) * LEVEL + SIZE]! -= sizeReductionPaise;
    return sizeReductionPaise;
  }

  lapse(): RestingOrder[] {
    return this.removeWhere((r) => this.records[r + META]! >= LAPSE_BIT);
  }

  cancelAll(side?: Side): RestingOrder[] {
    if (side === undefined) return this.removeWhere(() => true);
    return this.removeWhere((r) => this.levelOf(r) >= LAY_LEVELS === (side === 'LAY'));
  }

  bestLevels(side: Side, n = 3): PriceLevel[] {
    const out: PriceLevel[] = [];
    if (side === 'BACK') {
      for (let tick = this.bestLayTick; tick >= 0 && out.length < n; tick--) this.pushLevel(out, LAY_LEVELS + tick);
    } else {
      for (let tick = this.bestBackTick; tick < TICK_COUNT && out.length < n; tick++) this.pushLevel(out, tick);
    }
    return out;
  }

  order(orderId: OrderId): RestingOrder | undefined {
    const r = this.recordOf.get(orderId);
    return r === undefined ? undefined : this.restingOrder(r);
  }

  orders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    this.forEachRecord((r) => out.push(this.restingOrder(r)));
    return out;
  }

  stateHash(): string {
    const hash = new OrderHash();
    this.addToHash(hash);
    return hash.digest();
  }

  /** Feeds the resting orders, in book order, to a hash (a market hashes its runners' books into one). */
  addToHash(hash: OrderHash): void {
    this.forEachRecord((r) => {
      const level = this.levelOf(r);
      const isLay = level >= LAY_LEVELS ? 1 : 0;
      const isLapse = this.records[r + META]! >= LAPSE_BIT ? 1 : 0;
      hash.addOrderFields(this.records[r + ORDER_ID]!, this.records[r + USER_ID]!, isLay, PRICES[level % TICK_COUNT]!, this.records[r + REMAINING]!, isLapse);
    });
  }

  /**
   * Throws if the structure disagrees with itself (tests and debugging; O(orders)): list links,
   * level sizes, best pointers, the id index, and the book is not crossed (every resting BACK is
   * priced above every resting LAY, else the later one would have matched).
   */
  assertInvariants(): void {
    let count = 0;
    let lowestBack = TICK_COUNT;
    let highestLay = NONE;
    for (let level = 0; level < (this.levels === NO_LEVELS ? 0 : LEVEL_COUNT); level++) {
      let size = 0;
      let prev = NONE;
      for (let r = this.levels[level * LEVEL + HEAD]!; r !== NONE; r = this.records[r + NEXT]!) {
        check(this.records[r + PREV] === prev, 'prev link');
        check(this.levelOf(r) === level, 'order in its level');
        check(this.records[r + REMAINING]! > 0, 'resting size positive');
        check(this.recordOf.get(this.records[r + ORDER_ID]!) === r, 'id index');
        size += this.records[r + REMAINING]!;
        prev = r;
        count++;
      }
      check(this.levels[level * LEVEL + TAIL] === prev, 'tail link');
      check(this.levels[level * LEVEL + SIZE] === size, 'level size');
      if (size > 0 && level < LAY_LEVELS) lowestBack = Math.min(lowestBack, level);
      if (size > 0 && level >= LAY_LEVELS) highestLay = level - LAY_LEVELS;
    }
    check(count === this.recordOf.size, 'order count');
    check(this.bestBackTick === lowestBack && this.bestLayTick === highestLay, 'best pointers');
    check(lowestBack > highestLay, 'book not crossed');
  }

  // ---- internals ----

  /** Fills the taker against the level's orders, oldest first; returns the taker's size left. */
  private takeFromLevel(level: number, taker: PlaceOrder, left: Paise, fills: Fill[]): Paise {
    const records = this.records;
    const price = PRICES[level % TICK_COUNT]!;
    let r = this.levels[level * LEVEL + HEAD]!;
    while (left > 0 && r !== NONE) {
      const available = records[r + REMAINING]!;
      const size = available < left ? available : left;
      fills.push({
        takerOrderId: taker.orderId,
        makerOrderId: records[r + ORDER_ID]!,
        price,
        sizePaise: size,
        makerUserId: records[r + USER_ID]!,
        takerUserId: taker.userId,
      });
      left -= size;
      const next = records[r + NEXT]!;
      if (size === available) {
        this.remove(r);
      } else {
        records[r + REMAINING] = available - size;
        this.levels[level * LEVEL + SIZE]! -= size;
      }
      r = next;
    }
    return left;
  }

  private rest(order: PlaceOrder, level: number, size: Paise): void {
    if (this.levels === NO_LEVELS) this.levels = emptyLevels();
    const r = this.allocate();
    const records = this.records;
    const levels = this.levels;
    const l = level * LEVEL;
    const last = levels[l + TAIL]!;
    records[r + ORDER_ID] = order.orderId;
    records[r + USER_ID] = order.userId;
    records[r + REMAINING] = size;
    records[r + META] = level + (order.persistence === 'LAPSE' ? LAPSE_BIT : 0);
    records[r + NEXT] = NONE;
    records[r + PREV] = last;
    if (last === NONE) levels[l + HEAD] = r;
    else records[last + NEXT] = r;
    levels[l + TAIL] = r;
    levels[l + SIZE]! += size;
    this.recordOf.set(order.orderId, r);
    if (level >= LAY_LEVELS) {
      if (level - LAY_LEVELS > this.bestLayTick) this.bestLayTick = level - LAY_LEVELS;
    } else if (level < this.bestBackTick) {
      this.bestBackTick = level;
    }
  }

  /** Unlinks an order from its level, forgets it, frees its record and moves the best pointer if its level emptied. */
  private remove(r: number): void {
    const records = this.records;
    const levels = this.levels;
    const level = this.levelOf(r);
    const l = level * LEVEL;
    const prev = records[r + PREV]!;
    const next = records[r + NEXT]!;
    if (prev === NONE) levels[l + HEAD] = next;
    else records[prev + NEXT] = next;
    if (next === NONE) levels[l + TAIL] = prev;
    else records[next + PREV] = prev;
    levels[l + SIZE]! -= records[r + REMAINING]!;
    this.recordOf.delete(records[r + ORDER_ID]!);
    records[r + NEXT] = this.freeHead;
    this.freeHead = r;
    if (levels[l + HEAD] !== NONE) return;
    if (level >= LAY_LEVELS) {
      if (level - LAY_LEVELS === this.bestLayTick) {
        let tick = this.bestLayTick - 1;
        while (tick >= 0 && levels[(LAY_LEVELS + tick) * LEVEL + HEAD] === NONE) tick--;
        this.bestLayTick = tick;
      }
    } else if (level === this.bestBackTick) {
      let tick = level + 1;
      while (tick < TICK_COUNT && levels[tick * LEVEL + HEAD] === NONE) tick++;
      this.bestBackTick = tick;
    }
  }

  private removeWhere(predicate: (r: number) => boolean): RestingOrder[] {
    const removed: RestingOrder[] = [];
    this.forEachRecord((r) => {
      if (!predicate(r)) return;
      removed.push(this.restingOrder(r));
      this.remove(r);
    });
    return removed;
  }

  /** Visits every resting order in book order; the visitor may remove the record it is given. */
  private forEachRecord(visit: (r: number) => void): void {
    if (this.levels === NO_LEVELS) return;
    for (let level = 0; level < LEVEL_COUNT; level++) {
      for (let r = this.levels[level * LEVEL + HEAD]!; r !== NONE; ) {
        const next = this.records[r + NEXT]!;
        visit(r);
        r = next;
      }
    }
  }

  private allocate(): number {
    if (this.freeHead !== NONE) {
      const r = this.freeHead;
      this.freeHead = this.records[r + NEXT]!;
      return r;
    }
    if (this.highWater === this.records.length) {
      const wider = new Float64Array(Math.min(this.records.length * 2, this.maxOrders * SLOT));
      wider.set(this.records);
      this.records = wider;
    }
    const r = this.highWater;
    this.highWater += SLOT;
    return r;
  }

  private levelOf(r: number): number {
    return this.records[r + META]! % LAPSE_BIT;
  }

  private pushLevel(out: PriceLevel[], level: number): void {
    if (this.levels[level * LEVEL + HEAD] !== NONE) out.push({ price: PRICES[level % TICK_COUNT]!, sizePaise: this.levels[level * LEVEL + SIZE]! });
  }

  private restingOrder(r: number): RestingOrder {
    const level = this.levelOf(r);
    return {
      orderId: this.records[r + ORDER_ID]!,
      userId: this.records[r + USER_ID]!,
      side: level >= LAY_LEVELS ? 'LAY' : 'BACK',
      price: PRICES[level % TICK_COUNT]!,
      remainingPaise: this.records[r + REMAINING]!,
      persistence: this.records[r + META]! >= LAPSE_BIT ? 'LAPSE' : 'PERSIST',
    };
  }
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`Order book invariant broken: ${what}`);
}

/**
 * FNV-1a (32-bit) over 32-bit words of each resting order's fields, in book order. Both books
 * feed it the same words, so a fast book and its reference (or two replays) hash equal exactly
 * when they hold the same orders in the same priority order.
 */
export class OrderHash {
  private h = 0x811c9dc5;

  addOrderFields(orderId: OrderId, userId: UserId, isLay: number, price: Price, remainingPaise: Paise, isLapse: number): void {
    this.addNumber(orderId);
    this.addNumber(userId);
    this.addNumber(remainingPaise);
    this.addWord(price | (isLay << 24) | (isLapse << 25));
  }

  /** Adds a resting order given as an object (the reference book's form). */
  addOrder(o: RestingOrder): void {
    this.addOrderFields(o.orderId, o.userId, o.side === 'LAY' ? 1 : 0, o.price, o.remainingPaise, o.persistence === 'LAPSE' ? 1 : 0);
  }

  /** Adds a non-negative safe integer as its low and high 32-bit words. */
  addNumber(n: number): void {
    this.addWord(n);
    this.addWord(n / 0x1_0000_0000);
  }

  digest(): string {
    return (this.h >>> 0).toString(16).padStart(8, '0');
  }

  private addWord(n: number): void {
    // `>>> 0` keeps the low 32 bits of the integer part.
    this.h = Math.imul(this.h ^ (n >>> 0), 0x01000193);
  }
}

/** A resting order of an exchange market, with the runner it is on. */
export interface MarketOrder extends RestingOrder {
  selectionId: SelectionId;
}

/** The books of one exchange market, one per runner, by selection id. */
export class ExchangeMarket {
  private readonly books = new Map<SelectionId, OrderBook>();

  constructor(selectionIds: readonly SelectionId[], maxOrdersPerRunner = DEFAULT_MAX_ORDERS_PER_BOOK) {
    for (const id of selectionIds) {
      if (this.books.has(id)) throw new OrderBookError(`Runner ${id} listed twice`);
      this.books.set(id, new OrderBook(maxOrdersPerRunner));
    }
  }

  get selectionIds(): SelectionId[] {
    return [...this.books.keys()];
  }

  runner(selectionId: SelectionId): OrderBook {
    const book = this.books.get(selectionId);
    if (!book) throw new OrderBookError(`No runner ${selectionId} in this market`);
    return book;
  }

  /** Lapses every runner's LAPSE orders (the market turns in-play or is suspended). */
  lapse(): MarketOrder[] {
    return this.collect((book) => book.lapse());
  }

  /** Cancels every runner's resting orders, or those of one side (closing, or a non-runner's reduction factor). */
  cancelAll(side?: Side): MarketOrder[] {
    return this.collect((book) => book.cancelAll(side));
  }

  /** One hash over every runner's book, in the order the runners were listed. */
  stateHash(): string {
    const hash = new OrderHash();
    for (const [selectionId, book] of this.books) {
      hash.addNumber(selectionId);
      hash.addNumber(book.orderCount);
      book.addToHash(hash);
    }
    return hash.digest();
  }

  private collect(each: (book: OrderBook) => RestingOrder[]): MarketOrder[] {
    const out: MarketOrder[] = [];
    for (const [selectionId, book] of this.books) for (const o of each(book)) out.push({ ...o, selectionId });
    return out;
  }
}
