/**
 * Order-matching throughput of the engine's order book, on a seeded, realistic mixed stream:
 * mostly non-crossing placements near the touch, some crossing placements, some cancels (a
 * fifth of them partial). Prints commands (placements + cancels) per second, median of 5 runs
 * after a warm-up, for
 *   (a) one market's book,
 *   (b) 1,000 markets holding 100,000 resting orders between them,
 *   (c) the reference book (tests' oracle) against the fast book on the same shorter stream.
 * Targets: (a) >= 5 million/s, (b) >= 1 million/s.
 */
import { LADDER, OrderBook, seededRandom as prng, type Fill, type OrderBookLike, type Side } from '@exchange/engine';
import { ReferenceOrderBook } from '../packages/engine/src/order-book.reference.ts';

const SIDES: readonly Side[] = ['BACK', 'LAY'];
const PLACE = 0;
const CANCEL = 1;

/** A pre-generated command stream in typed arrays, so generating it is not timed. */
interface Stream {
  length: number;
  op: Uint8Array;
  market: Int32Array;
  orderId: Float64Array;
  userId: Int32Array;
  isLay: Uint8Array;
  price: Int32Array;
  sizePaise: Float64Array;
  /** Partial cancel amount, 0 for a full cancel. */
  reductionPaise: Float64Array;
}

/** What the stream holds, for the table's footnote. */
interface StreamMix {
  placements: number;
  crossing: number;
  cancels: number;
  fills: number;
}

interface StreamShape {
  markets: number;
  commands: number;
  /** Resting orders each market keeps near (cancels speed up above it). */
  restingTarget: number;
  seed: number;
}

/**
 * Generates the stream by playing it on shadow books, so that cancels pick orders that are
 * really resting and each market's book stays near its resting target.
 */
function makeStream({ markets, commands, restingTarget, seed }: StreamShape): { prefill: Stream; stream: Stream; mix: StreamMix } {
  const random = prng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const mids = Array.from({ length: markets }, () => 80 + int(120)); // ticks of 1.81 .. 7.8
  const shadows = Array.from({ length: markets }, () => new OrderBook());
  const pools = Array.from({ length: markets }, () => new RestingPool());
  const shadowFills: Fill[] = [];
  const mix: StreamMix = { placements: 0, crossing: 0, cancels: 0, fills: 0 };
  let counting = false;
  let nextId = 1;

  const alloc = (length: number): Stream => ({
    length,
    op: new Uint8Array(length),
    market: new Int32Array(length),
    orderId: new Float64Array(length),
    userId: new Int32Array(length),
    isLay: new Uint8Array(length),
    price: new Int32Array(length),
    sizePaise: new Float64Array(length),
    reductionPaise: new Float64Array(length),
  });

  const write = (s: Stream, i: number, m: number, forcePlace: boolean) => {
    s.market[i] = m;
    const pool = pools[m]!;
    const shadow = shadows[m]!;
    const cancelChance = pool.size > restingTarget ? 0.5 : 0.15;
    if (!forcePlace && pool.size > 0 && random() < cancelChance) {
      const id = pool.pick(int(pool.size));
      const partial = random() < 0.2 ? 100 + int(1_000) : 0;
      if (counting) mix.cancels++;
      s.op[i] = CANCEL;
      s.orderId[i] = id;
      s.reductionPaise[i] = partial;
      shadow.cancel(id, partial === 0 ? undefined : partial);
      if (!shadow.order(id)) pool.delete(id);
      return;
    }
    if (random() < 0.001) mids[m] = Math.max(20, Math.min(300, mids[m]! + (random() < 0.5 ? -1 : 1)));
    const mid = mids[m]!;
    const lay = random() < 0.5;
    const crossing = !forcePlace && random() < 0.12;
    // Resting LAYs sit at or below mid, resting BACKs above it; a crossing order reaches over.
    const depth = Math.floor(-Math.log(1 - random()) * 2.5); // mostly 0-3 ticks from the touch
    const tick = crossing ? (lay ? mid + 1 + int(3) : mid - int(3)) : lay ? mid - depth : mid + 1 + depth;
    const id = nextId++;
    s.op[i] = PLACE;
    s.orderId[i] = id;
    s.userId[i] = 1 + int(500);
    s.isLay[i] = lay ? 1 : 0;
    s.price[i] = LADDER[Math.max(0, Math.min(LADDER.length - 1, tick))]!;
    s.sizePaise[i] = crossing ? 2_000 + int(20_000) : 100 + int(10_000);
    if (shadowFills.length !== 0) shadowFills.length = 0;
    const rested = shadow.place(
      { orderId: id, userId: s.userId[i]!, side: SIDES[s.isLay[i]!]!, price: s.price[i]!, sizePaise: s.sizePaise[i]!, persistence: 'PERSIST' },
      shadowFills,
    );
    for (const fill of shadowFills) if (!shadow.order(fill.makerOrderId)) pool.delete(fill.makerOrderId);
    if (counting) {
      mix.placements++;
      if (shadowFills.length > 0) mix.crossing++;
      mix.fills += shadowFills.length;
    }
    if (rested > 0) pool.add(id);
  };

  const prefill = alloc(markets * restingTarget);
  for (let i = 0; i < prefill.length; i++) write(prefill, i, i % markets, true);
  const stream = alloc(commands);
  counting = true;
  for (let i = 0; i < commands; i++) write(stream, i, int(markets), false);
  return { prefill, stream, mix };
}

/** The ids resting in a shadow book, with O(1) add, delete and pick by position. */
class RestingPool {
  private readonly ids: number[] = [];
  private readonly at = new Map<number, number>();

  get size(): number {
    return this.ids.length;
  }

  add(id: number): void {
    this.at.set(id, this.ids.length);
    this.ids.push(id);
  }

  delete(id: number): void {
    const index = this.at.get(id);
    if (index === undefined) return;
    const last = this.ids.pop()!;
    if (last !== id) {
      this.ids[index] = last;
      this.at.set(last, index);
    }
    this.at.delete(id);
  }

  pick(index: number): number {
    return this.ids[index]!;
  }
}

const fills: Fill[] = [];

function apply(books: OrderBookLike[], s: Stream, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const book = books[s.market[i]!]!;
    if (s.op[i] === PLACE) {
      if (fills.length !== 0) fills.length = 0;
      book.place(
        { orderId: s.orderId[i]!, userId: s.userId[i]!, side: SIDES[s.isLay[i]!]!, price: s.price[i]!, sizePaise: s.sizePaise[i]!, persistence: 'PERSIST' },
        fills,
      );
    } else {
      const reduction = s.reductionPaise[i]!;
      book.cancel(s.orderId[i]!, reduction === 0 ? undefined : reduction);
    }
  }
}

interface Measured {
  perSecond: number;
  resting: number;
  hash: string;
}

/** Median of 5 timed runs after one warm-up; each run starts from fresh, prefilled books. */
function measure(makeBook: () => OrderBookLike, markets: number, prefill: Stream, stream: Stream, commands = stream.length): Measured {
  const rates: number[] = [];
  let last: OrderBookLike[] = [];
  for (let run = 0; run < 6; run++) {
    const books = Array.from({ length: markets }, makeBook);
    apply(books, prefill, 0, prefill.length);
    const started = performance.now();
    apply(books, stream, 0, commands);
    const seconds = (performance.now() - started) / 1000;
    if (run > 0) rates.push(commands / seconds);
    last = books;
  }
  rates.sort((a, b) => a - b);
  return {
    perSecond: rates[2]!,
    resting: last.reduce((n, b) => n + b.orderCount, 0),
    hash: last.length === 1 ? last[0]!.stateHash() : '',
  };
}

const fmt = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : `${(n / 1e3).toFixed(1)} k`);

export default function main(): void {
  const one = makeStream({ markets: 1, commands: 2_000_000, restingTarget: 2_000, seed: 1 });
  const many = makeStream({ markets: 1_000, commands: 2_000_000, restingTarget: 100, seed: 2 });
  const short = makeStream({ markets: 1, commands: 20_000, restingTarget: 2_000, seed: 3 });

  const a = measure(() => new OrderBook(), 1, one.prefill, one.stream);
  const b = measure(() => new OrderBook(), 1_000, many.prefill, many.stream);
  const cFast = measure(() => new OrderBook(), 1, short.prefill, short.stream);
  const cReference = measure(() => new ReferenceOrderBook(), 1, short.prefill, short.stream);
  if (cFast.hash !== cReference.hash) throw new Error(`Fast and reference books disagree: ${cFast.hash} vs ${cReference.hash}`);

  const rows = [
    ['(a) fast book, 1 market', one.stream.length, a.resting, a.perSecond, '>= 5 M/s'],
    ['(b) fast book, 1,000 markets', many.stream.length, b.resting, b.perSecond, '>= 1 M/s'],
    ['(c) fast book, short stream', short.stream.length, cFast.resting, cFast.perSecond, ''],
    ['(c) reference book, same stream', short.stream.length, cReference.resting, cReference.perSecond, ''],
  ] as const;
  console.log('scenario                          commands   resting after   commands/s   target');
  for (const [name, commands, resting, rate, target] of rows) {
    console.log(`${name.padEnd(33)} ${String(commands).padStart(9)} ${String(resting).padStart(15)} ${fmt(rate).padStart(12)}   ${target}`);
  }
  console.log(`fast / reference on the same stream: ${Math.round(cFast.perSecond / cReference.perSecond)}x (state hashes equal: ${cFast.hash})`);
  for (const [name, { mix }] of [['(a)', one], ['(b)', many]] as const) {
    const pct = (n: number) => `${Math.round((100 * n) / (mix.placements + mix.cancels))}%`;
    console.log(
      `${name} stream: ${pct(mix.placements)} placements (${pct(mix.crossing)} of all commands matched something, ${mix.fills} fills), ${pct(mix.cancels)} cancels (a fifth partial)`,
    );
  }
}
