/**
 * The bet queue (docs/adr/0015-bet-path.md, ADR 31): bets wait their turn in their market's lane,
 * are checked and matched in memory one after another, and are written with group commit.
 *
 * Each market keeps one batch open to newcomers while it waits. When the batch's turn in the
 * lane comes it is ready; every batch ready at that moment, on this market or any other, goes
 * out in the same commit: one transaction and one round trip (markets, then accounts, locked in
 * id order; each bet checked as if alone). While that commit is in flight, the next batches fill
 * up. A bet the batch cannot take as planned (refused by the checks, or after a bet of its market
 * that was not written) is placed alone afterwards, still in its market's lane.
 *
 * Alone, a bet is written optimistically: against the book of version V, with a write that
 * succeeds only while the market is at V. When another process keeps moving the market (a stale
 * version twice), it takes the market row lock, reloads under it and writes in that transaction.
 */
import { eq } from 'drizzle-orm';
import type { PlacedBet } from '@exchange/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { markets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import { orderByClientRef, writeBetBatches, type BetWriter } from '../money/index.ts';
import { placedAnswer, repeatAnswer } from './answers.ts';
import type { BetRequest, PlaceOptions } from './bet-request.ts';
import { betCommitted, type CommitFeed, type MarketCommitted } from './commits.ts';
import type { MarketCache } from './market-cache.ts';
import type { MarketState } from './market-state.ts';
import type { BetMatcher, Pending } from './matching.ts';
import { refuse } from './refusals.ts';
import { checkBet } from './risk.ts';

interface QueuedBet {
  req: BetRequest;
  resolve: (bet: PlacedBet) => void;
  reject: (error: unknown) => void;
}

/** A market's batch whose turn in the lane has come, waiting for the next group commit. */
interface ReadyBatch {
  marketId: number;
  bets: QueuedBet[];
  /** Hands back the bets to place alone, in the lane, after the commit. */
  done: (alone: QueuedBet[]) => void;
}

/** Most bets one market's batch takes. */
const MAX_BATCH = 64;
/** Most bets one group commit takes, over all its markets. */
const MAX_COMMIT = 512;
/**
 * Group commits in flight at once. One: the bets that arrive meanwhile make the next commit
 * larger, which costs less per bet than a second commit in parallel (measured: two in flight
 * gave smaller commits and no better rate on 2 cores). Two would be safe: a market is in one
 * commit at a time (its lane waits for it), and both lock markets, then accounts, in id order.
 */
const MAX_IN_FLIGHT = 1;

export interface BetQueueDeps {
  db: Db;
  clock: Clock;
  cache: MarketCache;
  matcher: BetMatcher;
  committed: CommitFeed;
  /** The one-bet write; group commit is used with the statement writer only. */
  writer: BetWriter;
  groupCommit: boolean;
  sleep: (ms: number) => Promise<void>;
}

export class BetQueue {
  /**
   * Transactions of group commits (and how many were written set-wise, as one statement), the
   * markets' batches written in them, and their bets.
   */
  readonly stats = { commits: 0, setwiseCommits: 0, batches: 0, batchedBets: 0 };
  /** Per market, the batch still taking newcomers. */
  private readonly open = new Map<number, QueuedBet[]>();
  private ready: ReadyBatch[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly deps: BetQueueDeps) {}

  /** Changes of a market queued after this call must not be overtaken by bets arriving later. */
  closeBatch(marketId: number): void {
    this.open.delete(marketId);
  }

  /** Places a bet: refused at once what is refused now; in play, after the bet delay. */
  async place(req: BetRequest, options: PlaceOptions): Promise<PlacedBet> {
    const { cache } = this.deps;
    try {
      const market = await cache.peek(req.marketId);
      try {
        checkBet(market, req, this.deps.clock);
      } catch (error) {
        // Another process may have reopened the market or moved its rates: the queue reloads and decides.
        if (!(error instanceof AppError) || !(await cache.isBehind(market))) throw error;
      }
      if (market.row.inPlay && market.row.betDelayMs > 0 && !options.noDelay)
        await this.deps.sleep(market.row.betDelayMs);
      return await this.enqueue(req);
    } catch (error) {
      // A repeat of an accepted bet gets its first answer even if the market has moved on since.
      if (req.clientRef && error instanceof AppError && error.code !== 'DUPLICATE_BET') {
        const existing = await orderByClientRef(this.deps.db, req.userId, req.clientRef);
        if (existing) return repeatAnswer(this.deps.db, existing, req);
      }
      throw error;
    }
  }

  private enqueue(req: BetRequest): Promise<PlacedBet> {
    const { cache } = this.deps;
    if (!this.deps.groupCommit) {
      this.closeBatch(req.marketId);
      return cache.chain(req.marketId, () => this.placeAlone(req));
    }
    return new Promise<PlacedBet>((resolve, reject) => {
      const queued: QueuedBet = { req, resolve, reject };
      const open = this.open.get(req.marketId);
      if (open && open.length < MAX_BATCH) {
        open.push(queued);
        return;
      }
      const bets = [queued];
      this.open.set(req.marketId, bets);
      void cache.chain(req.marketId, async () => {
        const alone = await new Promise<QueuedBet[]>((done) => {
          this.ready.push({ marketId: req.marketId, bets, done });
          this.schedule();
        });
        for (const q of alone) {
          try {
            q.resolve(await this.placeAlone(q.req));
          } catch (error) {
            q.reject(error);
          }
        }
      });
    });
  }

  /** Starts the next group commit once the one in flight is done, after this turn's arrivals. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.ready.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.commitReady();
    });
  }

  private async commitReady(): Promise<void> {
    if (this.inFlight >= MAX_IN_FLIGHT) return;
    const taken: ReadyBatch[] = [];
    let bets = 0;
    while (this.ready.length > 0 && (taken.length === 0 || bets + this.ready[0]!.bets.length <= MAX_COMMIT)) {
      const batch = this.ready.shift()!;
      // From here on, newcomers to its market start the next batch.
      if (this.open.get(batch.marketId) === batch.bets) this.open.delete(batch.marketId);
      taken.push(batch);
      bets += batch.bets.length;
    }
    if (taken.length === 0) return;
    this.inFlight++;
    this.schedule();
    try {
      // A bet with nothing to share a commit with takes the one-statement path.
      if (bets === 1) taken[0]!.done(taken[0]!.bets);
      else await this.commitTogether(taken);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }

  /** Checks and matches each batch's bets in memory, then writes them all in one commit. */
  private async commitTogether(batches: ReadyBatch[]): Promise<void> {
    const { cache, matcher } = this.deps;
    const groups: { batch: ReadyBatch; market: MarketState; planned: { q: QueuedBet; pending: Pending }[]; alone: QueuedBet[] }[] = [];
    let states: Map<number, MarketState>;
    try {
      states = await cache.statesOf(batches.map((b) => b.marketId));
    } catch (error) {
      for (const batch of batches) {
        for (const q of batch.bets) q.reject(error);
        batch.done([]);
      }
      return;
    }
    for (const batch of batches) {
      const market = states.get(batch.marketId);
      if (!market) {
        for (const q of batch.bets) q.reject(refuse.marketNotFound());
        batch.done([]);
        continue;
      }
      const planned: { q: QueuedBet; pending: Pending }[] = [];
      const alone: QueuedBet[] = [];
      try {
        for (const q of batch.bets) {
          let price: number;
          try {
            price = checkBet(market, q.req, this.deps.clock);
          } catch {
            alone.push(q); // refused here: the one-bet path decides (and checks freshness)
            continue;
          }
          const pending = await matcher.plan(market, q.req, price);
          // Memory moves ahead bet by bet; if the write fails, the market is reloaded.
          matcher.apply(market, pending);
          planned.push({ q, pending });
        }
      } catch (error) {
        cache.markStale(batch.marketId);
        for (const q of batch.bets) q.reject(error);
        batch.done([]);
        continue;
      }
      groups.push({ batch, market, planned, alone });
    }
    const writing = groups.filter((g) => g.planned.length > 0);
    const commit =
      writing.length > 0
        ? await writeBetBatches(
            this.deps.db,
            writing.map((g) => g.planned.map((p) => p.pending.plan)),
          )
        : undefined;
    const outcomes = commit?.outcomes;
    if (outcomes?.some((o) => o.written.length > 0)) {
      this.stats.commits++;
      if (commit!.setwise) this.stats.setwiseCommits++;
    }
    const written = new Map(writing.map((g, i) => [g, outcomes?.[i] ?? { written: [] }]));
    for (const group of groups) {
      const outcome = written.get(group) ?? { written: [] };
      const { planned, market } = group;
      outcome.written.forEach((w, i) => {
        const { q, pending } = planned[i]!;
        // Memory holds the whole batch: it is the state committed by the last bet only, and only
        // if all of it was written. The bets before it go without a state, so a listener takes one
        // snapshot per batch, not one per bet.
        const last = i === planned.length - 1;
        this.deps.committed.emit(betCommitted(pending.plan, last ? market : null));
        q.resolve(placedAnswer(pending.plan.order, false, w.balancePaise, w.exposurePaise));
      });
      if (outcome.written.length > 0) {
        this.stats.batches++;
        this.stats.batchedBets += outcome.written.length;
      }
      const alone = group.alone;
      if (outcome.written.length < planned.length) {
        // Memory ran ahead of what was written: reload, and place the rest one by one.
        cache.markStale(market.id);
        let rest = planned.slice(outcome.written.length).map((p) => p.q);
        if (outcome.stopped === 'funds') {
          // Refused on exactly the state it would have met alone.
          rest[0]!.reject(refuse.insufficientFunds());
          rest = rest.slice(1);
        }
        alone.unshift(...rest);
      }
      group.batch.done(alone);
    }
  }

  /**
   * One bet on its own, inside its market's lane: optimistic first; when another process keeps
   * moving the market, under the market row lock.
   */
  async placeAlone(req: BetRequest): Promise<PlacedBet> {
    const { cache, db } = this.deps;
    for (let attempt = 0; attempt < 2; attempt++) {
      let market = await cache.state(req.marketId);
      try {
        checkBet(market, req, this.deps.clock);
      } catch (error) {
        // A refusal from a cache another process has moved past is checked again on fresh state.
        if (!(error instanceof AppError) || !(await cache.isBehind(market))) throw error;
        market = await cache.reload(req.marketId);
      }
      const placed = await this.attempt(db, market, req);
      if (placed) return placed;
    }
    const written: MarketCommitted[] = [];
    const placed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ version: markets.version })
        .from(markets)
        .where(eq(markets.id, req.marketId))
        .for('update');
      if (!row) throw refuse.marketNotFound();
      let market = cache.cached(req.marketId);
      if (!market || cache.isStale(req.marketId) || market.version !== row.version)
        market = await cache.reload(req.marketId, tx);
      const placed = await this.attempt(tx, market, req, written);
      if (!placed) throw new Error(`Market ${req.marketId} changed while its row was locked`);
      return placed;
    });
    for (const event of written) this.deps.committed.emit(event);
    return placed;
  }

  /**
   * One try: check, match or price, write. Undefined when the market's version had moved on.
   * Inside a caller's transaction (`written` given), the commit event waits for that commit.
   */
  private async attempt(
    db: DbOrTx,
    market: MarketState,
    req: BetRequest,
    written?: MarketCommitted[],
  ): Promise<PlacedBet | undefined> {
    const { cache, matcher } = this.deps;
    const price = checkBet(market, req, this.deps.clock);
    const pending = await matcher.plan(market, req, price);
    let result;
    try {
      result = await this.deps.writer(db, pending.plan);
    } catch (error) {
      if (pending.bookMutated) cache.markStale(market.id);
      throw error;
    }
    if (result.kind === 'ok') {
      matcher.apply(market, pending);
      if (written) written.push(betCommitted(pending.plan, market));
      else this.deps.committed.emit(betCommitted(pending.plan, market));
      return placedAnswer(pending.plan.order, false, result.balancePaise, result.exposurePaise);
    }
    if (pending.bookMutated || result.kind === 'stale') cache.markStale(market.id);
    else if (result.versionBumped) market.row = { ...market.row, version: market.version + 1 };
    if (result.kind === 'stale') return undefined;
    if (result.kind === 'funds') throw refuse.insufficientFunds();
    return repeatAnswer(this.deps.db, result.existing, req);
  }
}
