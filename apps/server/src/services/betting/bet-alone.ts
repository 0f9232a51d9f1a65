/**
 * One bet written on its own, in its market's lane (docs/adr/0015-bet-path.md): every bet of the
 * transaction writer, a bet with nothing to share a group commit with, and the bets a group
 * commit hands back. Optimistic first: matched against the book of version V and written only
 * while the market is still at V. When another process keeps moving the market (stale twice),
 * under the market row lock: reloaded under it and written in that transaction.
 */
import { eq } from 'drizzle-orm';
import type { PlacedBet } from '@exchange/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { markets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import type { BetWriter } from '../money/index.ts';
import { placedAnswer, repeatAnswer } from './answers.ts';
import type { BetRequest } from './bet-request.ts';
import { betCommitted, versionMoved, type BetWriteDone, type CommitFeed, type MarketCommitted } from './commits.ts';
import type { MarketCache } from './market-cache.ts';
import type { MarketState } from './market-state.ts';
import type { BetMatcher } from './matching.ts';
import { refuse } from './refusals.ts';
import { checkBet } from './risk.ts';

export interface LoneBetDeps {
  db: Db;
  clock: Clock;
  cache: MarketCache;
  matcher: BetMatcher;
  committed: CommitFeed;
  writer: BetWriter;
  /** Told after each write of a placement, written or not (the metrics). */
  writes: CommitFeed<BetWriteDone>;
}

/** Optimistic tries (each on the market as then committed) before the bet takes the market row lock. */
const OPTIMISTIC_TRIES = 2;

/**
 * The recheck after the delay: the pre-trade checks (risk.ts) once more, in the market's lane,
 * on the state the bet is matched against, which may have moved since the bet arrived (a
 * suspension, new rates, the in-play delay, the bets before it). Returns that state and the
 * price the bet is taken at. A refusal from memory that another process has moved past is
 * decided on the reloaded state.
 */
export async function recheckAfterDelay(
  deps: Pick<LoneBetDeps, 'cache' | 'clock'>,
  market: MarketState,
  req: BetRequest,
): Promise<{ market: MarketState; price: number }> {
  try {
    return { market, price: checkBet(market, req, deps.clock) };
  } catch (error) {
    if (!(error instanceof AppError) || !(await deps.cache.isBehind(market))) throw error;
  }
  const reloaded = await deps.cache.reload(req.marketId);
  return { market: reloaded, price: checkBet(reloaded, req, deps.clock) };
}

export class LoneBets {
  constructor(private readonly deps: LoneBetDeps) {}

  /** Places one bet; call inside its market's lane. */
  async place(req: BetRequest): Promise<PlacedBet> {
    for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
      const { market, price } = await recheckAfterDelay(this.deps, await this.deps.cache.state(req.marketId), req);
      const placed = await this.matchAndWrite(this.deps.db, market, req, price);
      if (placed) return placed;
    }
    return this.placeUnderLock(req);
  }

  /** The market row locked: memory caught up under the lock, the recheck, the write in that transaction. */
  private async placeUnderLock(req: BetRequest): Promise<PlacedBet> {
    const { cache, db } = this.deps;
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
      // The recheck, on the state the lock holds still.
      const price = checkBet(market, req, this.deps.clock);
      const placed = await this.matchAndWrite(tx, market, req, price, written);
      if (!placed) throw new Error(`Market ${req.marketId} changed while its row was locked`);
      return placed;
    });
    for (const event of written) this.deps.committed.emit(event);
    return placed;
  }

  /**
   * Matching (or pricing) at the price the recheck took, the write, and the commit event.
   * Undefined when the market's version had moved on. Inside a caller's transaction (`written`
   * given), the commit event waits for that commit.
   */
  private async matchAndWrite(
    db: DbOrTx,
    market: MarketState,
    req: BetRequest,
    price: number,
    written?: MarketCommitted[],
  ): Promise<PlacedBet | undefined> {
    const { cache, matcher } = this.deps;
    const pending = await matcher.plan(market, req, price);
    let result;
    const startedAt = performance.now();
    try {
      result = await this.deps.writer(db, pending.plan);
    } catch (error) {
      if (pending.bookMutated) cache.markStale(market.id);
      this.deps.writes.emit({ bets: 0, durationMs: performance.now() - startedAt, failed: true });
      throw error;
    }
    this.deps.writes.emit({ bets: result.kind === 'ok' ? 1 : 0, durationMs: performance.now() - startedAt, failed: false });
    if (result.kind === 'ok') {
      matcher.apply(market, pending);
      if (written) written.push(betCommitted(pending.plan, market));
      else this.deps.committed.emit(betCommitted(pending.plan, market));
      return placedAnswer(pending.plan.order, false, result.balancePaise, result.exposurePaise);
    }
    if (pending.bookMutated || result.kind === 'stale') cache.markStale(market.id);
    else if (result.versionBumped) market.row = { ...market.row, version: market.version + 1 };
    if (result.kind !== 'stale' && result.versionBumped) {
      // The view carries the version: its watchers are owed the new one (memory's, or reloaded).
      const moved = versionMoved(market.id, cache.isStale(market.id) ? null : market);
      if (written) written.push(moved);
      else this.deps.committed.emit(moved);
    }
    if (result.kind === 'stale') return undefined;
    if (result.kind === 'funds') throw refuse.insufficientFunds();
    return repeatAnswer(this.deps.db, result.existing, req);
  }
}
