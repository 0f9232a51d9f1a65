/**
 * The market maker's quotes: LAYs at and below a runner's fair price (what backers take) and
 * BACKs above it (what layers take), a few ladder steps deep. The seed rests the first quotes;
 * the feed moves them when the fair price moves, through the same bet path as any bettor.
 */
import { nearestValidPrice, paiseToRupees, priceToOdds, tickDown, tickUp } from '@exchange/engine';
import type { MarketState } from '../services/betting/market-state.ts';
import { remainingOf } from '../services/betting/market-state.ts';
import type { BettingService } from '../services/betting/service.ts';
import { AppError } from '../lib/errors.ts';

export interface Quote {
  selectionId: number;
  /** 1: the market maker backs (offered to layers); 0: it lays (offered to backers). */
  isBack: 0 | 1;
  price: number;
  sizePaise: number;
  level: number;
}

/** A small deterministic hash (FNV-1a) for sizes that differ by market, runner and level. */
export function hash(n: number): number {
  let h = 0x811c9dc5;
  for (const c of String(n)) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

/** The ladder price of a probability, within 1.01-1000. */
export const priceOf = (p: number) =>
  nearestValidPrice(Math.max(101, Math.min(100_000, Math.round(100 / p))));

/**
 * The quotes for a market's runners (`selectionIds[i]` has fair chance `fair[i]`), `levels`
 * steps deep on each side, ₹1,000-₹5,000 a step growing with depth.
 */
export function ladderQuotes(
  marketId: number,
  selectionIds: readonly number[],
  fair: readonly number[],
  levels: number,
): Quote[] {
  const out: Quote[] = [];
  for (const [i, selectionId] of selectionIds.entries()) {
    const price = priceOf(fair[i] ?? 0.1);
    for (let level = 0; level < levels; level++) {
      const sizePaise = (10 + (hash(marketId * 97 + i * 13 + level) % 40)) * 10_000 * (level + 1);
      out.push({ selectionId, isBack: 0, price: tickDown(price, level), sizePaise, level });
      out.push({ selectionId, isBack: 1, price: tickUp(price, level + 1), sizePaise, level });
    }
  }
  return out;
}

type MarketBet = Parameters<BettingService['placeMarketBet']>[1];

/**
 * Places one of the market maker's quotes; false when its float cannot carry it. The float is
 * finite (MARKET_MAKER_FUNDS_PAISE): with its exposure spread over every open market, a quote it
 * cannot afford is left out, like a real maker's, until settlements free money. Anything else
 * is a fault and is thrown.
 */
export async function placeQuote(betting: BettingService, makerId: number, bet: MarketBet): Promise<boolean> {
  try {
    await betting.placeMarketBet(makerId, { ...bet, persistence: 'PERSIST' }, { noDelay: true });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return false;
    throw error;
  }
}

/** Quotes still worth keeping when at least this share of their size is unmatched. */
const KEEP_SHARE = 0.5;

/**
 * Moves the market maker's resting orders on a market to `quotes`: cancels those at prices no
 * longer quoted (first, so the new quotes never meet the old ones), keeps those still quoted
 * with most of their size, and places the rest, as far as its float goes. Returns the orders
 * cancelled and placed.
 */
export async function requote(
  betting: BettingService,
  makerId: number,
  market: MarketState,
  quotes: readonly Quote[],
): Promise<{ cancelled: number; placed: number }> {
  const side = (isBack: 0 | 1) => (isBack === 1 ? 'BACK' : 'LAY');
  const key = (selectionId: number, s: string, price: number) => `${selectionId}:${s}:${price}`;
  const wanted = new Map(quotes.map((q) => [key(q.selectionId, side(q.isBack), q.price), q]));
  const resting = new Map<string, number>();
  const stale: number[] = [];
  for (const o of market.openOrders.values()) {
    if (o.userId !== makerId) continue;
    const k = key(o.selectionId, o.side, o.price);
    if (wanted.has(k)) resting.set(k, (resting.get(k) ?? 0) + remainingOf(o));
    else stale.push(o.id);
  }
  const cancelled = await betting.cancelBets(makerId, market.id, stale);
  // A client_ref per quote: the version the re-quote started from makes it unique.
  const version = market.version;
  let placed = 0;
  for (const [k, q] of wanted) {
    const missing = q.sizePaise - (resting.get(k) ?? 0);
    if (missing < q.sizePaise * KEEP_SHARE || missing < market.row.minStakePaise) continue;
    const ok = await placeQuote(betting, makerId, {
      market_id: market.id,
      selection_id: q.selectionId,
      is_back: q.isBack,
      odds: priceToOdds(q.price),
      stake: paiseToRupees(missing),
      client_ref: `mmq:${market.id}:${version}:${k}`,
    });
    if (!ok) break;
    placed++;
  }
  return { cancelled, placed };
}
