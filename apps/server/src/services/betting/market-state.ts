/**
 * A market as the betting service holds it in memory: the row (its version is the optimistic
 * concurrency guard), the runners, the exchange order book, the open orders and every user's
 * position. Built from the database by `loadMarkets` (at first use, after a restart, or when
 * another process moved the version on); kept in step by the service, one bet at a time per
 * market.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ExchangeMarket,
  priceAfterRemovals,
  type Fill,
  type Persistence,
  type RaceMarketType,
  type Removal,
  type SelectionId,
  type Side,
  TradedVolume,
} from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { autoCashOuts, fills, marketPositions, markets, orders, runners } from '../../db/schema/index.ts';
import { UserPosition, positionExposure, type ExposureModel } from './positions.ts';

export type MarketRow = typeof markets.$inferSelect;
export type RunnerRow = typeof runners.$inferSelect;

/** A resting exchange order (or the part of it still unmatched). */
export interface OpenOrder {
  id: number;
  userId: number;
  selectionId: number;
  side: Side;
  price: number;
  sizePaise: number;
  matchedPaise: number;
  matchedValue: number;
  cancelledPaise: number;
  persistence: Persistence;
}
export const remainingOf = (o: Pick<OpenOrder, 'sizePaise' | 'matchedPaise' | 'cancelledPaise'>) =>
  o.sizePaise - o.matchedPaise - o.cancelledPaise;

/** A bettor's automatic cash out on the market (auto_cash_outs): cash out all once a bound is reached. */
export interface AutoCashOutRule {
  id: number;
  userId: number;
  takeProfitPaise: number | null;
  stopLossPaise: number | null;
}

export class MarketState {
  row: MarketRow;
  runners: RunnerRow[];
  readonly book: ExchangeMarket | null;
  readonly openOrders = new Map<number, OpenOrder>();
  readonly positions = new Map<number, UserPosition>();
  /** The bettors' automatic cash outs, by user: loaded with the market, changed only in its transactions. */
  readonly autoCashOuts = new Map<number, AutoCashOutRule>();
  /**
   * What has traded, per runner and price: loaded from the fills with the market, then added to
   * as fills are made in its lane, so a view of the market reads no fills.
   */
  readonly traded = new TradedVolume();

  constructor(row: MarketRow, runnerRows: RunnerRow[]) {
    this.row = row;
    this.runners = runnerRows;
    // A settled market takes no more bets: no book (each runner's book is ~20 kB of levels).
    this.book = row.kind === 'EXCHANGE' && row.settledAt === null ? new ExchangeMarket(runnerRows.map((r) => r.selectionId)) : null;
  }

  get id(): number {
    return this.row.id;
  }
  get version(): number {
    return this.row.version;
  }
  get settled(): boolean {
    return this.row.settledAt !== null;
  }

  runner(selectionId: number): RunnerRow | undefined {
    return this.runners.find((r) => r.selectionId === selectionId);
  }

  /** Runners still in the market (non-runners are out). */
  activeSelectionIds(): SelectionId[] {
    return this.runners.filter((r) => r.status !== 'REMOVED').map((r) => r.selectionId);
  }

  raceMarketType(): RaceMarketType {
    return this.row.marketType === 'PLACE' ? 'PLACE' : 'WIN';
  }

  removals(): Removal[] {
    return this.runners
      .filter((r) => r.status === 'REMOVED')
      .map((r) => ({
        selectionId: r.selectionId,
        reductionFactorBps: r.reductionFactorBps,
        atSeq: r.removedSeq ?? 0,
      }));
  }

  exposureModel(): ExposureModel {
    return {
      fancy: this.row.kind === 'FANCY',
      runners: this.activeSelectionIds(),
      places: this.row.marketType === 'PLACE' ? this.row.places : 1,
    };
  }

  exposureOf(position: UserPosition): number {
    return positionExposure(this.exposureModel(), position);
  }

  /** The user's position (a fresh empty one when the user has none yet; not stored). */
  positionOf(userId: number): UserPosition {
    return this.positions.get(userId) ?? new UserPosition();
  }

  setPosition(userId: number, position: UserPosition): void {
    if (position.isEmpty) this.positions.delete(userId);
    else this.positions.set(userId, position);
  }
}

/**
 * Loads markets with their runners, books, open orders and positions, in a handful of queries
 * whatever their number. Settled markets come without orders or positions (nothing is open),
 * unless `asReopened`: then a settled market comes as its rollback would leave it, its settled
 * bets matched again (what a rollback reserves, and what its preview shows).
 */
export async function loadMarkets(
  db: DbOrTx,
  ids: readonly number[],
  { asReopened = false }: { asReopened?: boolean } = {},
): Promise<Map<number, MarketState>> {
  const out = new Map<number, MarketState>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(markets)
    .where(inArray(markets.id, [...ids]));
  if (rows.length === 0) return out;
  const runnerRows = await db
    .select()
    .from(runners)
    .where(
      inArray(
        runners.marketId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(runners.marketId), asc(runners.sort), asc(runners.selectionId));
  for (const row of rows) {
    out.set(
      row.id,
      new MarketState(
        asReopened ? { ...row, settledAt: null } : row,
        runnerRows.filter((r) => r.marketId === row.id),
      ),
    );
  }
  await loadTraded(db, out);
  const live = rows.filter((r) => asReopened || r.settledAt === null).map((r) => r.id);
  if (live.length === 0) return out;

  // Resting exchange orders, in the order they arrived: rebuilt into the books.
  const open = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.marketId, live), eq(orders.status, 'OPEN')))
    .orderBy(asc(orders.bookSeq), asc(orders.id));
  for (const o of open) {
    const market = out.get(o.marketId)!;
    if (!market.book || o.selectionId === null || (o.side !== 'BACK' && o.side !== 'LAY')) continue;
    const order: OpenOrder = {
      id: o.id,
      userId: o.userId,
      selectionId: o.selectionId,
      side: o.side,
      price: o.price,
      sizePaise: o.sizePaise,
      matchedPaise: o.matchedPaise,
      matchedValue: o.matchedValue,
      cancelledPaise: o.cancelledPaise,
      persistence: o.persistence,
    };
    const remaining = remainingOf(order);
    if (remaining <= 0) continue;
    const crossed: Fill[] = [];
    market.book
      .runner(o.selectionId)
      .place(
        {
          orderId: o.id,
          userId: o.userId,
          side: o.side,
          price: o.price,
          sizePaise: remaining,
          persistence: o.persistence,
        },
        crossed,
      );
    if (crossed.length > 0)
      throw new Error(`Stored book of market ${o.marketId} is crossed at order ${o.id}`);
    market.openOrders.set(o.id, order);
    const position = market.positions.get(o.userId) ?? new UserPosition();
    position.addRunner(o.selectionId, o.side, o.price, false, remaining);
    market.positions.set(o.userId, position);
  }

  // Matched exchange bets, from the fills (both sides), re-priced by any non-runner.
  const fillRows = await db
    .select({
      marketId: fills.marketId,
      selectionId: fills.selectionId,
      takerUserId: fills.takerUserId,
      makerUserId: fills.makerUserId,
      takerSide: fills.takerSide,
      price: fills.price,
      seq: fills.seq,
      size: sql<string>`sum(${fills.sizePaise})`,
    })
    .from(fills)
    .where(inArray(fills.marketId, live))
    .groupBy(
      fills.marketId,
      fills.selectionId,
      fills.takerUserId,
      fills.makerUserId,
      fills.takerSide,
      fills.price,
      fills.seq,
    );
  for (const f of fillRows) {
    const market = out.get(f.marketId)!;
    const size = Number(f.size);
    const makerSide: Side = f.takerSide === 'BACK' ? 'LAY' : 'BACK';
    addMatched(market, f.takerUserId, f.selectionId, f.takerSide, f.price, f.seq, size);
    addMatched(market, f.makerUserId, f.selectionId, makerSide, f.price, f.seq, size);
  }

  // Bookmaker and fancy bets: matched in full by the house when accepted.
  const houseBets = await db
    .select({
      marketId: orders.marketId,
      userId: orders.userId,
      selectionId: orders.selectionId,
      side: orders.side,
      price: orders.price,
      line: orders.line,
      seq: orders.bookSeq,
      size: sql<string>`sum(${orders.matchedPaise})`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.marketId, live),
        inArray(orders.kind, ['BOOKMAKER', 'FANCY']),
        // A rollback turns SETTLED and VOID bets back into MATCHED ones.
        asReopened ? inArray(orders.status, ['MATCHED', 'SETTLED', 'VOID']) : eq(orders.status, 'MATCHED'),
      ),
    )
    .groupBy(
      orders.marketId,
      orders.userId,
      orders.selectionId,
      orders.side,
      orders.price,
      orders.line,
      orders.bookSeq,
    );
  for (const b of houseBets) {
    const market = out.get(b.marketId)!;
    const size = Number(b.size);
    if (size <= 0) continue;
    if (market.row.kind === 'FANCY') {
      if (b.side !== 'YES' && b.side !== 'NO') continue;
      const position = market.positions.get(b.userId) ?? new UserPosition();
      position.addFancy(b.side, b.line ?? 0, b.price, size);
      market.positions.set(b.userId, position);
    } else if (b.selectionId !== null && (b.side === 'BACK' || b.side === 'LAY')) {
      addMatched(market, b.userId, b.selectionId, b.side, b.price, b.seq, size);
    }
  }

  const rules = await db.select().from(autoCashOuts).where(inArray(autoCashOuts.marketId, live));
  for (const r of rules)
    out.get(r.marketId)!.autoCashOuts.set(r.userId, {
      id: r.id,
      userId: r.userId,
      takeProfitPaise: r.takeProfitPaise,
      stopLossPaise: r.stopLossPaise,
    });

  const stored = await db.select().from(marketPositions).where(inArray(marketPositions.marketId, live));
  for (const p of stored) {
    const market = out.get(p.marketId)!;
    const position = market.positions.get(p.userId) ?? new UserPosition();
    position.exposurePaise = p.exposurePaise;
    market.setPosition(p.userId, position);
  }
  return out;
}

/**
 * Every market's traded volume, settled ones too (their views still show it), from one aggregate
 * over the fills: per runner and price, the sum and the last fill's (seq, id), fed in that order
 * so each runner's last price is its last fill's.
 */
async function loadTraded(db: DbOrTx, states: Map<number, MarketState>): Promise<void> {
  const ids = [...states.values()].filter((s) => s.row.kind === 'EXCHANGE').map((s) => s.id);
  if (ids.length === 0) return;
  const rows = await db
    .select({
      marketId: fills.marketId,
      selectionId: fills.selectionId,
      price: fills.price,
      size: sql<string>`sum(${fills.sizePaise})`,
      lastSeq: sql<number>`max(${fills.seq})`.mapWith(Number),
      lastId: sql<string>`max(${fills.id})`,
    })
    .from(fills)
    .where(inArray(fills.marketId, ids))
    .groupBy(fills.marketId, fills.selectionId, fills.price);
  rows.sort((a, b) => a.lastSeq - b.lastSeq || Number(a.lastId) - Number(b.lastId));
  for (const r of rows) states.get(r.marketId)!.traded.add(r.selectionId, r.price, Number(r.size));
}

function addMatched(
  market: MarketState,
  userId: number,
  selectionId: number,
  side: Side,
  price: number,
  seq: number,
  size: number,
): void {
  const runner = market.runner(selectionId);
  if (!runner || runner.status === 'REMOVED') return; // a non-runner's bets are void
  const settledPrice = priceAfterRemovals(
    { selectionId, price, matchedSeq: seq },
    market.removals(),
    market.raceMarketType(),
  );
  const position = market.positions.get(userId) ?? new UserPosition();
  position.addRunner(selectionId, side, settledPrice, true, size);
  market.positions.set(userId, position);
}
