/**
 * The order book production runs (its rules and interface: order-book.ts).
 *
 * Layout, for speed: orders live as fixed-size records in one typed array (no object per resting
 * order); each price level is an intrusive doubly linked FIFO list of records, so appending,
 * taking the oldest and cancelling from the middle are all O(1); levels are indexed by ladder
 * tick; the best level of each side is a pointer that moves only when its level empties; a Map
 * finds an order's record by id.
 */
import { LADDER, LADDER_SIZE, tickOfPrice } from './ladder.ts';
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

  setPersistence(orderId: OrderId, persistence: Persistence): boolean {
    if (persistence !== 'LAPSE' && persistence !== 'PERSIST') throw new OrderBookError(`Unknown persistence: ${String(persistence)}`);
    const r = this.recordOf.get(orderId);
    if (r === undefined) return false;
    this.records[r + META] = this.levelOf(r) + (persistence === 'LAPSE' ? LAPSE_BIT : 0);
    return true;
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
