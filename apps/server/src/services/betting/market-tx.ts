/**
 * A change of one market in one transaction (cancels, operator and feed actions, settlement):
 * the market row is locked first, memory caught up with the database under that lock, the
 * version bumped, and the market reloaded after the commit, which the listeners are told of.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Balance } from '@exchange/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { markets, orders, runners } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/time.ts';
import { storeExposures, type ExposureWrite } from '../money/index.ts';
import { marketTxCommitted, snapshotMarket, type CommitFeed, type MarketSnapshot } from './commits.ts';
import type { MarketCache } from './market-cache.ts';
import { remainingOf, type MarketRow, type MarketState, type OpenOrder, type RunnerRow } from './market-state.ts';
import type { UserPosition } from './positions.ts';
import { refuse } from './refusals.ts';

/** What a change of a market needs: the database, the clock, the markets in memory and their lanes. */
export interface MarketTxContext {
  db: Db;
  clock: Clock;
  cache: MarketCache;
  committed: CommitFeed;
  /** Runs fn in the market's lane, after everything queued there before it. */
  serial<T>(marketId: number, fn: () => Promise<T>): Promise<T>;
}

export interface InMarketTxOptions {
  /**
   * The change keeps the market in memory exactly as it writes the database (book, open orders,
   * positions and their stored exposures, rules): no reload after the commit, which on a market
   * with a long history costs more than the change (a cash out, an edit). Any failure still
   * marks the market stale.
   */
  memoryKept?: boolean;
}

/** A market's row and runners at one moment: what an audit row tells before and after a change. */
export interface MarketFacts {
  row: MarketRow;
  runners: RunnerRow[];
}

/**
 * Told inside a change's transaction, once the change is written, of the market before it
 * (null: created by it) and after it, and of the change's answer: the operator's audit row
 * (ADR 36) commits with the change, or neither does.
 */
export type MarketAudit<T> = (
  tx: DbOrTx,
  change: { before: MarketFacts | null; after: MarketFacts; result: T },
) => Promise<void>;

/** The market's row and runners as this transaction sees them. */
export async function marketFacts(tx: DbOrTx, marketId: number): Promise<MarketFacts> {
  const [row] = await tx.select().from(markets).where(eq(markets.id, marketId));
  if (!row) throw refuse.marketNotFound();
  const runnerRows = await tx
    .select()
    .from(runners)
    .where(eq(runners.marketId, marketId))
    .orderBy(asc(runners.sort), asc(runners.selectionId));
  return { row, runners: runnerRows };
}

/**
 * Runs a change of the market in one transaction: the market row is locked first (and its
 * version checked against memory: if another process moved it, the market is reloaded and the
 * change re-run), the version is bumped, and the market is reloaded from the database after
 * the commit. Call inside serial(marketId). `audit`, when given, is told of the change inside
 * the transaction.
 */
export async function inMarketTx<T>(
  ctx: MarketTxContext,
  marketId: number,
  fn: (tx: DbOrTx, market: MarketState) => Promise<T>,
  audit?: MarketAudit<T>,
  options: InMarketTxOptions = {},
): Promise<T> {
  const seen: { before?: MarketSnapshot; market?: MarketState; version?: number } = {};
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ version: markets.version })
        .from(markets)
        .where(eq(markets.id, marketId))
        .for('update');
      if (!row) throw refuse.marketNotFound();
      // Holding the row lock, the market cannot move: catch up with the database if behind.
      let market = ctx.cache.cached(marketId);
      if (!market || ctx.cache.isStale(marketId) || market.version !== row.version)
        market = await ctx.cache.reload(marketId, tx);
      const before = (seen.before = snapshotMarket(market));
      seen.market = market;
      const out = await fn(tx, market);
      if (audit) await audit(tx, { before, after: await marketFacts(tx, marketId), result: out });
      const [bumped] = await tx
        .update(markets)
        .set({ version: sql`${markets.version} + 1` })
        .where(eq(markets.id, marketId))
        .returning({ version: markets.version });
      seen.version = bumped!.version;
      return out;
    });
    let after: MarketState;
    if (options.memoryKept && seen.market && ctx.cache.cached(marketId) === seen.market) {
      // The change kept memory exactly as it wrote the database: only the version is behind.
      after = seen.market;
      after.row = { ...after.row, version: seen.version! };
    } else after = await ctx.cache.reload(marketId);
    if (seen.before) ctx.committed.emit(marketTxCommitted(seen.before, after));
    return result;
  } catch (error) {
    ctx.cache.markStale(marketId);
    throw error;
  }
}

/**
 * Cancels the unmatched rest of orders (cancel, lapse, close, non-runner) inside the market's
 * transaction: orders, positions and account reservations. Returns each affected user's balance.
 */
export async function cancelOrders(
ctx: MarketTxContext,
tx: DbOrTx,
  market: MarketState,
  cancelled: readonly OpenOrder[],
  reposition?: (userId: number, position: UserPosition) => void,
): Promise<{ balance: Map<number, Balance> }> {
  const positions = new Map<number, UserPosition>();
  for (const o of cancelled) {
    let position = positions.get(o.userId);
    if (!position) positions.set(o.userId, (position = market.positionOf(o.userId).clone()));
    position.addRunner(o.selectionId, o.side, o.price, false, -remainingOf(o));
  }
  await markCancelled(tx, cancelled);
  if (reposition) {
    for (const userId of market.positions.keys())
      if (!positions.has(userId)) positions.set(userId, market.positionOf(userId).clone());
    for (const [userId, position] of positions) reposition(userId, position);
  }
  return { balance: await writeExposures(ctx, tx, market, positions) };
}

/** The orders' rows with their unmatched rest cancelled (their exposures are the caller's to write). */
export async function markCancelled(tx: DbOrTx, cancelled: readonly OpenOrder[]): Promise<void> {
  for (const o of cancelled) {
    await tx
      .update(orders)
      .set({
        cancelledPaise: o.sizePaise - o.matchedPaise,
        status: o.matchedPaise > 0 ? 'MATCHED' : 'CANCELLED',
      })
      .where(eq(orders.id, o.id));
  }
}

/** Stores new positions' exposures: market_positions and the accounts (locked in id order). */
export async function writeExposures(
ctx: MarketTxContext,
tx: DbOrTx,
market: MarketState,
positions: Map<number, UserPosition>,
) {
  const changes: ExposureWrite[] = [];
  for (const [userId, position] of positions) {
    const before = market.positionOf(userId).exposurePaise;
    const after = market.exposureOf(position);
    position.exposurePaise = after;
    changes.push({
      userId,
      accountId: await ctx.cache.accountIdOf(userId, tx),
      beforePaise: before,
      afterPaise: after,
    });
  }
  return storeExposures(tx, market.id, changes);
}
