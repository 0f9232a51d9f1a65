import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossingPaise, ExchangeMarket, LADDER, LADDER_SIZE, OrderBook, OrderBookError, type Fill, type OrderBookLike, type PlaceOrder } from './index.ts';
import { ReferenceOrderBook } from './order-book.reference.ts';

const order = (orderId: number, side: 'BACK' | 'LAY', price: number, sizePaise: number, userId = 1, persistence: 'LAPSE' | 'PERSIST' = 'PERSIST'): PlaceOrder => ({
  orderId,
  userId,
  side,
  price,
  sizePaise,
  persistence,
});

describe.each([
  ['OrderBook', () => new OrderBook()],
  ['ReferenceOrderBook', () => new ReferenceOrderBook()],
] as const)('%s matching', (_name, makeBook: () => OrderBookLike) => {
  it('matches an incoming BACK against resting LAYs, highest price first, oldest first, at the resting price', () => {
    const book = makeBook();
    const fills: Fill[] = [];
    book.place(order(1, 'LAY', 200, 100, 11), fills);
    book.place(order(2, 'LAY', 210, 100, 12), fills);
    book.place(order(3, 'LAY', 210, 100, 13), fills);
    book.place(order(4, 'LAY', 190, 100, 14), fills);
    expect(fills).toEqual([]);
    expect(book.bestLevels('BACK')).toEqual([
      { price: 210, sizePaise: 200 },
      { price: 200, sizePaise: 100 },
      { price: 190, sizePaise: 100 },
    ]);

    const rested = book.place(order(5, 'BACK', 200, 250, 99), fills);
    expect(rested).toBe(0);
    expect(fills).toEqual([
      { takerOrderId: 5, makerOrderId: 2, price: 210, sizePaise: 100, makerUserId: 12, takerUserId: 99 },
      { takerOrderId: 5, makerOrderId: 3, price: 210, sizePaise: 100, makerUserId: 13, takerUserId: 99 },
      { takerOrderId: 5, makerOrderId: 1, price: 200, sizePaise: 50, makerUserId: 11, takerUserId: 99 },
    ]);
    expect(book.order(1)?.remainingPaise).toBe(50);
    expect(book.order(2)).toBeUndefined();
    expect(book.bestLevels('BACK', 5)).toEqual([
      { price: 200, sizePaise: 50 },
      { price: 190, sizePaise: 100 },
    ]);
  });

  it('matches an incoming LAY against resting BACKs, lowest price first, and rests the remainder', () => {
    const book = makeBook();
    const fills: Fill[] = [];
    book.place(order(1, 'BACK', 300, 100), fills);
    book.place(order(2, 'BACK', 250, 100), fills);
    book.place(order(3, 'BACK', 400, 100), fills);
    const rested = book.place(order(4, 'LAY', 300, 500, 2), fills);
    expect(fills.map((f) => [f.makerOrderId, f.price, f.sizePaise])).toEqual([
      [2, 250, 100],
      [1, 300, 100],
    ]);
    expect(rested).toBe(300);
    // The remainder rests as a LAY at 3.0: others can now back at 3.0; the BACK at 4.0 is still there to lay.
    expect(book.bestLevels('BACK')).toEqual([{ price: 300, sizePaise: 300 }]);
    expect(book.bestLevels('LAY')).toEqual([{ price: 400, sizePaise: 100 }]);
  });

  it('does not match prices that do not cross', () => {
    const book = makeBook();
    const fills: Fill[] = [];
    book.place(order(1, 'LAY', 200, 100), fills);
    expect(book.place(order(2, 'BACK', 202, 100), fills)).toBe(100);
    expect(book.place(order(3, 'LAY', 200, 100), fills)).toBe(100);
    expect(fills).toEqual([]);
    expect(book.orderCount).toBe(3);
    expect(book.bestLevels('BACK')).toEqual([{ price: 200, sizePaise: 200 }]);
    expect(book.bestLevels('LAY')).toEqual([{ price: 202, sizePaise: 100 }]);
  });

  it('cancels in full or in part; a partial cancel keeps the queue position', () => {
    const book = makeBook();
    const fills: Fill[] = [];
    book.place(order(1, 'LAY', 200, 100), fills);
    book.place(order(2, 'LAY', 200, 100), fills);
    expect(book.cancel(1, 30)).toBe(30);
    expect(book.cancel(99)).toBe(0);
    book.place(order(3, 'BACK', 200, 80), fills);
    expect(fills.map((f) => [f.makerOrderId, f.sizePaise])).toEqual([
      [1, 70],
      [2, 10],
    ]);
    expect(book.cancel(2, 1000)).toBe(90);
    expect(book.orderCount).toBe(0);
    expect(book.bestLevels('BACK')).toEqual([]);
  });

  it('lapses only LAPSE orders, and cancels by side', () => {
    const book = makeBook();
    const fills: Fill[] = [];
    book.place(order(1, 'LAY', 200, 100, 1, 'LAPSE'), fills);
    book.place(order(2, 'LAY', 190, 100, 1, 'PERSIST'), fills);
    book.place(order(3, 'BACK', 500, 100, 2, 'LAPSE'), fills);
    expect(book.lapse().map((o) => o.orderId)).toEqual([3, 1]);
    expect(book.orders().map((o) => o.orderId)).toEqual([2]);
    book.place(order(4, 'BACK', 500, 100), fills);
    expect(book.cancelAll('LAY')).toEqual([{ orderId: 2, userId: 1, side: 'LAY', price: 190, remainingPaise: 100, persistence: 'PERSIST' }]);
    expect(book.cancelAll().map((o) => o.orderId)).toEqual([4]);
  });

  it('switches a resting order between LAPSE and PERSIST in its place in the queue: lapse() follows the new value', () => {
    const book = makeBook();
    const fills: Fill[] = [];
    book.place(order(1, 'LAY', 200, 100, 1, 'LAPSE'), fills);
    book.place(order(2, 'LAY', 200, 100, 2, 'PERSIST'), fills);
    book.place(order(3, 'LAY', 200, 100, 3, 'LAPSE'), fills);
    expect(book.setPersistence(1, 'PERSIST')).toBe(true);
    expect(book.setPersistence(2, 'LAPSE')).toBe(true);
    expect(book.setPersistence(99, 'PERSIST')).toBe(false);
    expect(() => book.setPersistence(3, 'KEEP' as 'LAPSE')).toThrow(OrderBookError);
    expect(book.order(1)?.persistence).toBe('PERSIST');
    expect(book.bestLevels('BACK')).toEqual([{ price: 200, sizePaise: 300 }]);
    expect(book.lapse().map((o) => [o.orderId, o.persistence])).toEqual([
      [2, 'LAPSE'],
      [3, 'LAPSE'],
    ]);
    // Order 1 kept its place: first in the queue still.
    book.place(order(4, 'LAY', 200, 100, 4, 'PERSIST'), fills);
    book.place(order(5, 'BACK', 200, 150, 5), fills);
    expect(fills.map((f) => [f.makerOrderId, f.sizePaise])).toEqual([
      [1, 100],
      [4, 50],
    ]);
  });

  it('refuses off-ladder prices, bad sizes and a duplicate resting id', () => {
    const book = makeBook();
    expect(() => book.place(order(1, 'BACK', 201, 100), [])).toThrow(RangeError);
    expect(() => book.place(order(1, 'BACK', 200, 0), [])).toThrow(RangeError);
    expect(() => book.place(order(1, 'BACK', 200, 1.5), [])).toThrow(RangeError);
    book.place(order(1, 'BACK', 200, 100), []);
    expect(() => book.place(order(1, 'BACK', 300, 100), [])).toThrow(OrderBookError);
    expect(() => book.cancel(1, 0)).toThrow(RangeError);
  });
});

describe('OrderBook bounds and market', () => {
  it('refuses a new order while full', () => {
    const book = new OrderBook(2);
    book.place(order(1, 'BACK', 500, 1), []);
    book.place(order(2, 'BACK', 500, 1), []);
    expect(() => book.place(order(3, 'BACK', 500, 1), [])).toThrow(/full/);
    book.cancel(1);
    expect(book.place(order(3, 'BACK', 500, 1), [])).toBe(1);
  });

  it('walks the whole ladder on both sides', () => {
    const book = new OrderBook();
    LADDER.forEach((price, i) => book.place(order(i + 1, i < 175 ? 'LAY' : 'BACK', price, 1), []));
    book.assertInvariants();
    expect(book.bestLevels('BACK', 1)).toEqual([{ price: LADDER[174], sizePaise: 1 }]);
    expect(book.bestLevels('LAY', 1)).toEqual([{ price: LADDER[175], sizePaise: 1 }]);
    const fills: Fill[] = [];
    expect(book.place(order(1000, 'BACK', 101, 1000), fills)).toBe(1000 - 175);
    expect(fills[0]!.price).toBe(LADDER[174]);
    expect(fills.at(-1)!.price).toBe(101);
    book.assertInvariants();
    // 825 rest as a BACK at 1.01; a LAY at 1000 takes them and the 175 BACKs above.
    fills.length = 0;
    expect(book.place(order(1001, 'LAY', 100000, 1000), fills)).toBe(0);
    expect(fills.map((f) => f.price)).toEqual([101, ...LADDER.slice(175)]);
    book.assertInvariants();
    expect(book.orderCount).toBe(0);
  });

  it('keeps one book per runner and hashes the market', () => {
    const market = new ExchangeMarket([7, 8]);
    const twin = new ExchangeMarket([7, 8]);
    for (const m of [market, twin]) {
      m.runner(7).place(order(1, 'BACK', 300, 100, 1, 'LAPSE'), []);
      m.runner(8).place(order(2, 'LAY', 300, 100), []);
    }
    expect(market.stateHash()).toBe(twin.stateHash());
    expect(market.lapse()).toEqual([{ orderId: 1, userId: 1, side: 'BACK', price: 300, remainingPaise: 100, persistence: 'LAPSE', selectionId: 7 }]);
    expect(market.stateHash()).not.toBe(twin.stateHash());
    expect(market.cancelAll('LAY').map((o) => o.selectionId)).toEqual([8]);
    expect(() => market.runner(9)).toThrow(OrderBookError);
    expect(() => new ExchangeMarket([1, 1])).toThrow(OrderBookError);
  });
});

// ---- the fast book against the reference book, command by command ----

type Command =
  | { kind: 'place'; side: 'BACK' | 'LAY'; tick: number; sizePaise: number; userId: number; persistence: 'LAPSE' | 'PERSIST' }
  | { kind: 'cancel'; pick: number; reductionPaise: number | undefined }
  | { kind: 'setPersistence'; pick: number; persistence: 'LAPSE' | 'PERSIST' }
  | { kind: 'lapse' }
  | { kind: 'cancelAll'; side: 'BACK' | 'LAY' | undefined };

// Most prices in a narrow band so orders cross often; some anywhere on the ladder.
const tickArb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 60, max: 72 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: LADDER_SIZE - 1 }) });
const sizeArb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 500 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000_000_000 }) });
const placeArb = fc.record({
  kind: fc.constant('place' as const),
  side: fc.constantFrom('BACK' as const, 'LAY' as const),
  tick: tickArb,
  sizePaise: sizeArb,
  userId: fc.integer({ min: 1, max: 4 }),
  persistence: fc.constantFrom('LAPSE' as const, 'PERSIST' as const),
});
const otherArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), reductionPaise: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('setPersistence' as const), pick: fc.nat(), persistence: fc.constantFrom('LAPSE' as const, 'PERSIST' as const) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'lapse' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelAll' as const), side: fc.constantFrom('BACK' as const, 'LAY' as const, undefined) }) },
);
/** One placement, sometimes followed by a cancel, a change of persistence, a lapse or a cancel-all. */
const blockArb = fc.tuple(placeArb, fc.option(otherArb, { freq: 2, nil: undefined }));
const PLACEMENTS_PER_RUN = 100;
const RUNS = 100;
/** One seeded stream: one placement per block. */
const LONG_STREAM_ORDERS = 10_000;

/**
 * Runs the commands on both books and compares every event and the whole visible state after
 * each (the full order list and depth every `checkEvery` commands). Returns how many orders were
 * placed on both books with their fills compared, and the deepest the book got.
 */
function replayAgainstReference(blocks: ReadonlyArray<readonly [Command, Command | undefined]>, checkEvery = 1): { ordersCompared: number; deepest: number } {
  let deepest = 0;
  let ordersCompared = 0;
  const fast = new OrderBook();
  const reference = new ReferenceOrderBook();
  const placedIds: number[] = [];
  let step = 0;
  for (const block of blocks) {
    for (const command of block) {
      if (!command) continue;
      step++;
      const fastFills: Fill[] = [];
      const referenceFills: Fill[] = [];
      switch (command.kind) {
        case 'place': {
          const id = placedIds.length + 1;
          placedIds.push(id);
          const o: PlaceOrder = { orderId: id, userId: command.userId, side: command.side, price: LADDER[command.tick]!, sizePaise: command.sizePaise, persistence: command.persistence };
          expect(fast.place(o, fastFills)).toBe(reference.place(o, referenceFills));
          expect(fastFills).toEqual(referenceFills);
          ordersCompared++;
          break;
        }
        case 'cancel': {
          const id = placedIds[command.pick % placedIds.length]!;
          expect(fast.cancel(id, command.reductionPaise)).toBe(reference.cancel(id, command.reductionPaise));
          break;
        }
        case 'setPersistence': {
          const id = placedIds[command.pick % placedIds.length]!;
          expect(fast.setPersistence(id, command.persistence)).toBe(reference.setPersistence(id, command.persistence));
          break;
        }
        case 'lapse':
          expect(fast.lapse()).toEqual(reference.lapse());
          break;
        case 'cancelAll':
          expect(fast.cancelAll(command.side)).toEqual(reference.cancelAll(command.side));
          break;
      }
      expect(fast.stateHash()).toBe(reference.stateHash());
      deepest = Math.max(deepest, fast.orderCount);
      if (step % checkEvery !== 0) continue;
      expect(fast.orders()).toEqual(reference.orders());
      expect(fast.bestLevels('BACK')).toEqual(reference.bestLevels('BACK'));
      expect(fast.bestLevels('LAY')).toEqual(reference.bestLevels('LAY'));
      fast.assertInvariants();
    }
  }
  return { ordersCompared, deepest };
}

describe('OrderBook against the reference book', () => {
  it(`agrees on every fill, remaining size and depth for random streams (${RUNS} runs x ${PLACEMENTS_PER_RUN} orders)`, () => {
    let total = 0;
    fc.assert(
      fc.property(fc.array(blockArb, { minLength: PLACEMENTS_PER_RUN, maxLength: PLACEMENTS_PER_RUN }), (blocks) => {
        const { ordersCompared } = replayAgainstReference(blocks);
        expect(ordersCompared).toBe(PLACEMENTS_PER_RUN);
        total += ordersCompared;
      }),
      { numRuns: RUNS },
    );
    // Every run compared all its orders (the 10,000-order single stream is the seeded test below).
    expect(total).toBe(RUNS * PLACEMENTS_PER_RUN);
  });

  it(`agrees over one long seeded stream of ${LONG_STREAM_ORDERS} orders with a deep book (no lapses, few cancels)`, () => {
    const cancelArb = fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), reductionPaise: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }) });
    const deepBlockArb = fc.tuple(placeArb, fc.option(cancelArb, { freq: 3, nil: undefined }));
    const stream = fc.sample(deepBlockArb, { seed: 20261122, numRuns: LONG_STREAM_ORDERS });
    const { ordersCompared, deepest } = replayAgainstReference(stream, 25);
    // The done-line: one generated stream alone has at least 10,000 orders compared fill by fill.
    expect(ordersCompared).toBe(stream.length);
    expect(ordersCompared).toBeGreaterThanOrEqual(10_000);
    expect(deepest).toBeGreaterThan(500);
  });
});

describe('crossingPaise', () => {
  const toBack = [
    { price: 200, sizePaise: 40_000 },
    { price: 190, sizePaise: 30_000 },
  ];
  const toLay = [
    { price: 210, sizePaise: 10_000 },
    { price: 220, sizePaise: 5_000 },
  ];
  it('sums the levels a back would take (at its price or higher) and a lay (at its price or lower)', () => {
    expect(crossingPaise(toBack, 'BACK', 190)).toBe(70_000);
    expect(crossingPaise(toBack, 'BACK', 200)).toBe(40_000);
    expect(crossingPaise(toBack, 'BACK', 202)).toBe(0);
    expect(crossingPaise(toLay, 'LAY', 215)).toBe(10_000);
    expect(crossingPaise(toLay, 'LAY', 1000)).toBe(15_000);
    expect(crossingPaise(toLay, 'LAY', 200)).toBe(0);
    expect(crossingPaise([], 'BACK', 101)).toBe(0);
  });
});
