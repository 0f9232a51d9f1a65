/**
 * What has traded on an exchange market (exchange-rules.md, "Market data a trader reads"): per
 * runner the money matched at each price, its total and the last traded price; the market's
 * total. A fill at price q of size s adds s at q (sizes are the backer's stake, as in the book,
 * which is what Betfair counts) and makes q the last traded price. No IO: the server feeds it the
 * stored fills when a market loads and each fill as it is made.
 */
import type { Price } from './ladder.ts';
import type { Paise } from './money.ts';
import type { SelectionId } from './order-book.ts';

/** One runner's trading: the money matched at each price, its total and the last price. */
export interface RunnerTrades {
  readonly byPrice: ReadonlyMap<Price, Paise>;
  readonly totalPaise: Paise;
  /** The price of the last fill; null before the first. */
  readonly lastPrice: Price | null;
}

const NO_TRADES: RunnerTrades = { byPrice: new Map(), totalPaise: 0, lastPrice: null };

interface MutableRunnerTrades {
  byPrice: Map<Price, Paise>;
  totalPaise: Paise;
  lastPrice: Price | null;
}

export class TradedVolume {
  private readonly runners = new Map<SelectionId, MutableRunnerTrades>();
  private total = 0;

  /** A fill (or fills at one price taken together), in the order they were made. */
  add(selectionId: SelectionId, price: Price, sizePaise: Paise): void {
    let runner = this.runners.get(selectionId);
    if (!runner)
      this.runners.set(selectionId, (runner = { byPrice: new Map(), totalPaise: 0, lastPrice: null }));
    runner.byPrice.set(price, (runner.byPrice.get(price) ?? 0) + sizePaise);
    runner.totalPaise += sizePaise;
    runner.lastPrice = price;
    this.total += sizePaise;
  }

  runner(selectionId: SelectionId): RunnerTrades {
    return this.runners.get(selectionId) ?? NO_TRADES;
  }

  /** Everything matched on the market, every runner's (a non-runner's fills included). */
  get totalPaise(): Paise {
    return this.total;
  }
}
