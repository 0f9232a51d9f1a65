import { DEFAULT_MAX_ORDERS_PER_BOOK, OrderBook } from './order-book.fast.ts';
import { OrderBookError, type RestingOrder, type SelectionId, type Side } from './order-book.ts';
import { OrderHash } from './order-hash.ts';

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
