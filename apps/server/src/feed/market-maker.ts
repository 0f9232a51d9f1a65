/**
 * The market maker's quotes: LAYs at and below a runner's fair price (what backers take) and
 * BACKs above it (what layers take), a few ladder steps deep. The seed rests the first quotes;
 * the feed moves them when the fair price moves, through the same bet path as any bettor.
 */
import { nearestValidPrice, paiseToRupees, priceToOdds, tickDown, tickUp } from '@exchange/engine';
import type { MarketState } from '../services/betting/index.ts';
import { remainingOf } from '../services/betting/index.ts';
import type { BettingService, MakerQuote } from '../services/betting/index.ts';
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

/** What a market's quotes may risk: each at most `maxRiskPaise`, but never below the market's minimum stake. */
export interface QuoteLimits {
  maxRiskPaise: number;
  minStakePaise: number;
}

/**
 * The quotes for a market's runners (`selectionIds[i]` has fair chance `fair[i]`), `levels`
 * steps deep on each side, ₹1,000-₹5,000 a step growing with depth. With `limits`, each risks
 * at most `maxRiskPaise` (a back its stake, a lay its liability, in whole rupees) and stakes at
 * least the minimum: a race's long prices would otherwise tie up the float in lay liabilities
 * (ADR 38).
 */
export function ladderQuotes(
  marketId: number,
  selectionIds: readonly number[],
  fair: readonly number[],
  levels: number,
  limits?: QuoteLimits,
): Quote[] {
  const out: Quote[] = [];
  const rupees = (paise: number) => Math.floor(paise / 100) * 100;
  for (const [i, selectionId] of selectionIds.entries()) {
    const price = priceOf(fair[i] ?? 0.1);
    for (let level = 0; level < levels; level++) {
      const sizePaise = (10 + (hash(marketId * 97 + i * 13 + level) % 40)) * 10_000 * (level + 1);
      const lay = tickDown(price, level);
      const capped = (risked: number) =>
        limits ? Math.max(limits.minStakePaise, Math.min(sizePaise, rupees(risked))) : sizePaise;
      out.push({ selectionId, isBack: 0, price: lay, sizePaise: capped(((limits?.maxRiskPaise ?? 0) * 100) / (lay - 100)), level });
      out.push({ selectionId, isBack: 1, price: tickUp(price, level + 1), sizePaise: capped(limits?.maxRiskPaise ?? 0), level });
    }
  }
  return out;
}

/**
 * Places a quote that meets another user's order through the bet path (it matches like any bet);
 * false when the maker's float cannot carry it (no further quote is tried). Anything else is a
 * fault and is thrown.
 */
async function placeCrossing(betting: BettingService, makerId: number, marketId: number, q: MakerQuote): Promise<boolean> {
  try {
    await betting.placeMarketBet(
      makerId,
      {
        market_id: marketId,
        selection_id: q.selectionId,
        is_back: q.side === 'BACK' ? 1 : 0,
        odds: priceToOdds(q.price),
        stake: paiseToRupees(q.sizePaise),
        client_ref: q.clientRef,
        persistence: 'PERSIST',
      },
      { noDelay: true },
    );
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return false;
    // Across one of the maker's own orders (no bettor matches himself, ADR 50): left out, as a
    // quote its float cannot carry is, and the next one is tried.
    if (error instanceof AppError && error.code === 'INVALID_BACK_LAY_COMBINATION') return true;
    throw error;
  }
}

const sideOf = (isBack: 0 | 1) => (isBack === 1 ? 'BACK' : 'LAY');
/** Level by level over the runners: the best prices of every runner come first when the float runs short. */
const byLevel = (quotes: readonly Quote[]) => [...quotes].sort((a, b) => a.level - b.level);

/**
 * The maker's first quotes on markets where it has none (the catalog's new markets, or those its
 * float could not carry before), in one commit for all of them; `quotesOf` gives a market's
 * ladder from its state. Returns the orders placed.
 */
export async function openQuotes(
  betting: BettingService,
  makerId: number,
  quotesOf: ReadonlyMap<number, (market: MarketState) => readonly Quote[]>,
): Promise<number> {
  const maker = new Map(
    [...quotesOf].map(([marketId, ladder]) => [
      marketId,
      (market: MarketState): MakerQuote[] =>
        byLevel(ladder(market)).map((q) => ({
          selectionId: q.selectionId,
          side: sideOf(q.isBack),
          price: q.price,
          sizePaise: q.sizePaise,
          clientRef: `mm:${marketId}:${q.selectionId}:${q.isBack}:${q.level}`,
        })),
    ]),
  );
  const done = await betting.openQuotes(makerId, maker);
  let placed = done.rested;
  for (const { marketId, quote } of done.crossing) {
    if (!(await placeCrossing(betting, makerId, marketId, quote))) break;
    placed++;
  }
  return placed;
}

/** Quotes still worth keeping when at least this share of their size is unmatched. */
const KEEP_SHARE = 0.5;

/**
 * Moves the market maker's resting orders on a market to `quotes`: those at prices no longer
 * quoted are cancelled, those still quoted with most of their size kept, and the rest placed,
 * all in one commit (no reader sees the book between the old quotes and the new). The maker's
 * float is finite (MARKET_MAKER_FUNDS_PAISE): a quote it cannot afford is left out, like a real
 * maker's, until settlements free money; quotes go in level by level over the runners, so the
 * best prices of every runner come first. Returns the orders cancelled and placed.
 */
export async function requote(
  betting: BettingService,
  makerId: number,
  market: MarketState,
  quotes: readonly Quote[],
): Promise<{ cancelled: number; placed: number }> {
  const key = (selectionId: number, s: string, price: number) => `${selectionId}:${s}:${price}`;
  const wanted = new Map(byLevel(quotes).map((q) => [key(q.selectionId, sideOf(q.isBack), q.price), q]));
  const resting = new Map<string, number>();
  const stale: number[] = [];
  for (const o of market.openOrders.values()) {
    if (o.userId !== makerId) continue;
    const k = key(o.selectionId, o.side, o.price);
    if (wanted.has(k)) resting.set(k, (resting.get(k) ?? 0) + remainingOf(o));
    else stale.push(o.id);
  }
  // A client_ref per quote: the version the re-quote started from makes it unique.
  const version = market.version;
  const fresh: MakerQuote[] = [];
  for (const [k, q] of wanted) {
    const missing = q.sizePaise - (resting.get(k) ?? 0);
    if (missing < q.sizePaise * KEEP_SHARE || missing < market.row.minStakePaise) continue;
    fresh.push({ selectionId: q.selectionId, side: sideOf(q.isBack), price: q.price, sizePaise: missing, clientRef: `mmq:${market.id}:${version}:${k}` });
  }
  if (stale.length === 0 && fresh.length === 0) return { cancelled: 0, placed: 0 };
  const done = await betting.replaceQuotes(makerId, market.id, stale, fresh);
  let placed = done.rested;
  for (const q of done.crossing) {
    if (!(await placeCrossing(betting, makerId, market.id, q))) break;
    placed++;
  }
  return { cancelled: done.cancelled, placed };
}
