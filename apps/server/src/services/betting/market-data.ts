/**
 * Market data a trader reads (exchange-rules.md): one exchange runner's whole ladder, read from
 * the market as the bet path holds it in memory (as committed: the book on screen, no query), and
 * its traded prices by interval, from the stored fills (so settled markets have theirs too), with
 * the match's events in that time (match-events.ts).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import {
  PRICE_HISTORY_MAX_INTERVALS,
  type Ladder,
  type PriceHistory,
  type PriceHistoryInterval,
  type PriceInterval,
} from '@exchange/contracts';
import { paiseToRupees, priceToOdds, type Paise, type Price } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { fills, markets, runners, type MarketKindDb } from '../../db/schema/index.ts';
import { remainingOf } from './market-state.ts';
import { marketMatchEvents } from './match-events.ts';
import { refuse } from './refusals.ts';
import type { BettingService } from './service.ts';

interface RunnerCall {
  market_id: number;
  selection_id: number;
}

/** Ladders and histories are of exchange runners: anything else is the caller's mistake. */
function checkExchangeRunner(kind: MarketKindDb, isRunner: boolean, what: string): void {
  if (kind !== 'EXCHANGE')
    throw refuse.invalid(`Only exchange markets have ${what}: this one is priced by the house`);
  if (!isRunner) throw refuse.invalid('This selection is not in the market');
}

interface LevelPaise {
  back: Paise;
  lay: Paise;
  traded: Paise;
  myBack: Paise;
  myLay: Paise;
}

/**
 * market/getLadder: every price with money on it (the book's full depth each way, what traded
 * there) and the caller's own unmatched stakes, which only the caller sees.
 */
export async function runnerLadder(
  service: BettingService,
  userId: number,
  call: RunnerCall,
): Promise<Ladder> {
  const market = await service.committedState(call.market_id);
  const runner = market.runner(call.selection_id);
  checkExchangeRunner(market.row.kind, runner !== undefined, 'a ladder');
  const levels = new Map<Price, LevelPaise>();
  const at = (price: Price): LevelPaise => {
    let level = levels.get(price);
    if (!level) levels.set(price, (level = { back: 0, lay: 0, traded: 0, myBack: 0, myLay: 0 }));
    return level;
  };
  // A settled market keeps no book, and a non-runner's was emptied when it was removed.
  const book = market.book && runner!.status !== 'REMOVED' ? market.book.runner(call.selection_id) : null;
  if (book) {
    for (const l of book.bestLevels('BACK', Infinity)) at(l.price).back += l.sizePaise;
    for (const l of book.bestLevels('LAY', Infinity)) at(l.price).lay += l.sizePaise;
  }
  const traded = market.traded.runner(call.selection_id);
  for (const [price, paise] of traded.byPrice) at(price).traded += paise;
  for (const o of market.openOrders.values()) {
    if (o.userId !== userId || o.selectionId !== call.selection_id) continue;
    if (o.side === 'BACK') at(o.price).myBack += remainingOf(o);
    else at(o.price).myLay += remainingOf(o);
  }
  return {
    market_id: market.id,
    selection_id: call.selection_id,
    last_traded_price: traded.lastPrice === null ? null : priceToOdds(traded.lastPrice),
    total_matched: paiseToRupees(traded.totalPaise),
    levels: [...levels]
      .sort(([a], [b]) => a - b)
      .map(([price, l]) => ({
        price: priceToOdds(price),
        back: paiseToRupees(l.back),
        lay: paiseToRupees(l.lay),
        traded: paiseToRupees(l.traded),
        my_back: paiseToRupees(l.myBack),
        my_lay: paiseToRupees(l.myLay),
      })),
  };
}

const INTERVAL_SECONDS: Record<PriceHistoryInterval, number> = { '1s': 1, '1m': 60, '5m': 300 };

/**
 * market/getPriceHistory: open, high, low, close and volume per interval, from the runner's fills
 * in the last PRICE_HISTORY_MAX_INTERVALS intervals up to its last fill. Open and close are the
 * first and last fills by (seq, id), the order they were matched in, as for the last traded price.
 * The match's events (and this market's own) from the first interval's start come with them.
 */
export async function priceHistory(
  db: DbOrTx,
  call: RunnerCall & { interval: PriceHistoryInterval },
): Promise<PriceHistory> {
  const [market] = await db
    .select({ kind: markets.kind, matchId: markets.matchId, selectionId: runners.selectionId })
    .from(markets)
    .leftJoin(runners, and(eq(runners.marketId, markets.id), eq(runners.selectionId, call.selection_id)))
    .where(eq(markets.id, call.market_id));
  if (!market) throw refuse.marketNotFound();
  checkExchangeRunner(market.kind, market.selectionId !== null, 'a price history');
  const intervals = await tradedIntervals(db, call);
  return {
    market_id: call.market_id,
    selection_id: call.selection_id,
    interval: call.interval,
    intervals,
    // The chart's markers: what happened while it has prices (everything before its first trade).
    events: await marketMatchEvents(
      db,
      market.matchId,
      call.market_id,
      intervals[0] ? new Date(intervals[0].start) : null,
    ),
  };
}

/** The runner's traded prices per interval, oldest first (none before its first fill). */
async function tradedIntervals(
  db: DbOrTx,
  call: RunnerCall & { interval: PriceHistoryInterval },
): Promise<PriceInterval[]> {
  const onRunner = and(eq(fills.marketId, call.market_id), eq(fills.selectionId, call.selection_id));
  const [last] = await db
    .select({ at: sql<Date | null>`max(${fills.createdAt})`.mapWith(fills.createdAt) })
    .from(fills)
    .where(onRunner);
  if (!last?.at) return [];
  const seconds = INTERVAL_SECONDS[call.interval];
  const widthMs = seconds * 1000;
  const from = new Date(
    (Math.floor(last.at.getTime() / widthMs) - (PRICE_HISTORY_MAX_INTERVALS - 1)) * widthMs,
  );
  // sql.raw is safe here: the width is one of the three constants above, never the caller's text.
  const bucket = sql<string>`floor(extract(epoch from ${fills.createdAt}) / ${sql.raw(String(seconds))})`;
  const rows = await db
    .select({
      bucket,
      open: sql<number>`(array_agg(${fills.price} order by ${fills.seq}, ${fills.id}))[1]`.mapWith(Number),
      high: sql<number>`max(${fills.price})`.mapWith(Number),
      low: sql<number>`min(${fills.price})`.mapWith(Number),
      close: sql<number>`(array_agg(${fills.price} order by ${fills.seq} desc, ${fills.id} desc))[1]`.mapWith(
        Number,
      ),
      volume: sql<string>`sum(${fills.sizePaise})`,
    })
    .from(fills)
    .where(and(onRunner, gte(fills.createdAt, from)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({
    start: new Date(Number(r.bucket) * widthMs).toISOString(),
    open: priceToOdds(r.open),
    high: priceToOdds(r.high),
    low: priceToOdds(r.low),
    close: priceToOdds(r.close),
    volume: paiseToRupees(Number(r.volume)),
  }));
}
