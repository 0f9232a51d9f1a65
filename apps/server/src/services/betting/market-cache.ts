/**
 * The markets in memory (book, open orders, positions) and one async lane per market, so the
 * changes of a market run one at a time in this process. A state is only read or changed inside
 * its market's lane; a stale state (another process moved the market, or memory ran ahead of a
 * write that failed) is reloaded from the database before its next use.
 */
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, markets } from '../../db/schema/index.ts';
import { loadMarkets, type MarketState } from './market-state.ts';
import { AppError } from '../../lib/errors.ts';
import { refuse } from './refusals.ts';

export class MarketCache {
  private readonly states = new Map<number, MarketState>();
  private readonly stale = new Set<number>();
  /** How often each market was marked stale: a mark during a read keeps the read state stale. */
  private readonly marks = new Map<number, number>();
  private readonly tails = new Map<number, Promise<unknown>>();
  /** Open exchange order id -> its market, for cancels. */
  private readonly orderMarket = new Map<number, number>();
  private readonly accountIds = new Map<number, number>();
  /** Markets asked for in this turn of the event loop, loaded together at its end. */
  private loading: Map<number, { resolve: (s: MarketState) => void; reject: (e: unknown) => void }[]> | null = null;

  /** Markets read from the database since the start: first loads and reloads (the metrics, ADR 65). */
  loads = 0;

  constructor(private readonly db: Db) {}

  /** Runs fn after everything queued before it in the market's lane. */
  chain<T>(marketId: number, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(marketId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.tails.set(marketId, tail);
    void tail.then(() => {
      if (this.tails.get(marketId) === tail) this.tails.delete(marketId);
    });
    return run;
  }

  /** The market's state; loads it when absent or stale. Call inside the market's lane. */
  async state(marketId: number): Promise<MarketState> {
    const known = this.states.get(marketId);
    if (known && !this.stale.has(marketId)) return known;
    return this.loadSoon(marketId);
  }

  /**
   * Loads a market with the others asked for in the same turn of the event loop, in one
   * `loadMarkets`: the first bets after a start, spread over many cold markets, cost one load,
   * not one each with its round trips. Each caller holds its market's lane while it waits, so
   * installing the states here is installing them in their lanes.
   */
  private loadSoon(marketId: number): Promise<MarketState> {
    if (!this.loading) {
      const batch = new Map<number, { resolve: (s: MarketState) => void; reject: (e: unknown) => void }[]>();
      this.loading = batch;
      setImmediate(() => {
        this.loading = null;
        void this.loadTogether(batch);
      });
    }
    const batch = this.loading;
    return new Promise<MarketState>((resolve, reject) => {
      const waiting = batch.get(marketId) ?? [];
      waiting.push({ resolve, reject });
      batch.set(marketId, waiting);
    });
  }

  private async loadTogether(
    batch: Map<number, { resolve: (s: MarketState) => void; reject: (e: unknown) => void }[]>,
  ): Promise<void> {
    let loaded: Map<number, MarketState>;
    const marks = new Map([...batch.keys()].map((id) => [id, this.marks.get(id)]));
    try {
      this.loads += batch.size;
      loaded = await loadMarkets(this.db, [...batch.keys()]);
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
      return;
    }
    for (const [id, waiting] of batch) {
      this.uninstall(id);
      const state = loaded.get(id);
      if (state) this.install(state, marks.get(id));
      for (const w of waiting) {
        if (state) w.resolve(state);
        else w.reject(refuse.marketNotFound());
      }
    }
  }

  /**
   * The states of several markets, each inside its lane: those absent or stale are loaded
   * together, in one `loadMarkets` (a burst over cold markets after a start is not one load
   * after another). A market that does not exist is absent from the answer.
   */
  async statesOf(marketIds: readonly number[]): Promise<Map<number, MarketState>> {
    const out = new Map<number, MarketState>();
    await Promise.all(
      marketIds.map(async (id) => {
        try {
          out.set(id, await this.state(id));
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'MARKET_NOT_FOUND')) throw error;
        }
      }),
    );
    return out;
  }

  /** The state as it is in memory, whatever its freshness (inside the lane, holding the row lock). */
  cached(marketId: number): MarketState | undefined {
    return this.states.get(marketId);
  }

  isStale(marketId: number): boolean {
    return this.stale.has(marketId);
  }

  /** Memory is no longer what the database holds: reload before the next use. */
  markStale(marketId: number): void {
    this.stale.add(marketId);
    this.marks.set(marketId, (this.marks.get(marketId) ?? 0) + 1);
  }

  /** Every market in memory: reload before the next use. */
  markAllStale(): void {
    for (const id of this.states.keys()) this.markStale(id);
  }

  async reload(marketId: number, db: DbOrTx = this.db): Promise<MarketState> {
    const mark = this.marks.get(marketId);
    this.loads += 1;
    const loaded = (await loadMarkets(db, [marketId])).get(marketId);
    this.uninstall(marketId);
    if (!loaded) throw refuse.marketNotFound();
    this.install(loaded, mark);
    return loaded;
  }

  /** `mark`: the market's stale marks when its read began; one since means the read may predate a commit. */
  private install(state: MarketState, mark = this.marks.get(state.id)): void {
    this.states.set(state.id, state);
    if (this.marks.get(state.id) === mark) this.stale.delete(state.id);
    for (const id of state.openOrders.keys()) this.orderMarket.set(id, state.id);
  }

  private uninstall(marketId: number): void {
    const old = this.states.get(marketId);
    if (old) for (const id of old.openOrders.keys()) this.orderMarket.delete(id);
    this.states.delete(marketId);
  }

  /** The state for reading outside the lane (loads through the lane when needed). */
  async peek(marketId: number): Promise<MarketState> {
    const known = this.states.get(marketId);
    if (known && !this.stale.has(marketId)) return known;
    return this.chain(marketId, () => this.state(marketId));
  }

  /**
   * The market as committed: waits for the work queued on it (a group commit's book runs ahead
   * of its commit), then reloads it if stale. What the live push reads.
   */
  committedState(marketId: number): Promise<MarketState> {
    return this.chain(marketId, () => this.state(marketId));
  }

  /**
   * States for reading, at least as new as the given database versions: markets never loaded, or
   * behind (another process moved them), are (re)loaded through their lanes.
   */
  async statesAtLeast(versions: ReadonlyMap<number, number>): Promise<Map<number, MarketState>> {
    const out = new Map<number, MarketState>();
    const missing = [...versions.keys()].filter((id) => !this.states.has(id));
    if (missing.length > 0) {
      const loaded = await loadMarkets(this.db, missing);
      await Promise.all(
        [...loaded.values()].map((s) =>
          this.chain(s.id, async () => {
            if (!this.states.has(s.id)) this.install(s);
          }),
        ),
      );
    }
    await Promise.all(
      [...versions].map(async ([id, version]) => {
        let state = this.states.get(id);
        if (!state || state.version < version || this.stale.has(id)) {
          state = await this.chain(id, async () => {
            const s = this.states.get(id);
            return s && s.version >= version && !this.stale.has(id) ? s : this.reload(id);
          });
        }
        out.set(id, state);
      }),
    );
    return out;
  }

  /** Whether the database holds a newer version of the market than memory (one cheap read). */
  async isBehind(market: MarketState): Promise<boolean> {
    const [row] = await this.db
      .select({ version: markets.version })
      .from(markets)
      .where(eq(markets.id, market.id));
    return row !== undefined && row.version !== market.version;
  }

  /** The market an open exchange order rests on, when it is in memory. */
  marketOfOrder(orderId: number): number | undefined {
    return this.orderMarket.get(orderId);
  }

  /** Keeps the order index in step with a market changed in memory. */
  orderOpened(orderId: number, marketId: number): void {
    this.orderMarket.set(orderId, marketId);
  }

  orderClosed(orderId: number): void {
    this.orderMarket.delete(orderId);
  }

  /** Drops every cached market (tests: as after a restart). */
  forgetAll(): void {
    this.states.clear();
    this.stale.clear();
    this.orderMarket.clear();
  }

  async accountIdOf(userId: number, db: DbOrTx = this.db): Promise<number> {
    const known = this.accountIds.get(userId);
    if (known !== undefined) return known;
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    if (!row) throw new Error(`User ${userId} has no ledger account`);
    this.accountIds.set(userId, row.id);
    return row.id;
  }

  /** Markets with unmatched orders resting (for the operator view). */
  openOrderCount(marketId: number): number {
    return this.states.get(marketId)?.openOrders.size ?? 0;
  }

  /** Loaded markets by id (read-only use). */
  loadedStates(ids: readonly number[]): MarketState[] {
    return ids.map((id) => this.states.get(id)).filter((s): s is MarketState => s !== undefined);
  }
}
