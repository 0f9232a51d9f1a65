/**
 * What the play of every sport's match shares: the sim's bookkeeping, and the prices that
 * follow its chances (Match Odds quotes on the exchange, rates in the bookmaker).
 */
import type { BettingService } from '../services/betting/index.ts';
import type { FeedEvent } from './events.ts';
import { ladderQuotes } from './market-maker.ts';
import type { MarketRef } from './queries.ts';
import type { Random } from './random.ts';

/** A match the simulator is playing, whatever its sport. */
export interface MatchSimBase {
  matchId: number;
  /** "Home v Away". */
  name: string;
  /** The match's own stream, derived from the seed and its id: replays are exact. */
  random: Random;
  /** Clock time (ms) of the next thing to happen. */
  nextAt: number;
  /** Markets put in play and reopened once after the match was picked up. */
  synced: boolean;
}

/** Adds the markets not listed yet. */
export function addMarkets(list: MarketRef[], more: readonly MarketRef[]): void {
  for (const r of more) if (!list.some((x) => x.id === r.id)) list.push(r);
}

/** Match Odds quotes and bookmaker rates from `chances` (runner order: home, away, the draw). */
export async function priceEvents(betting: BettingService, chances: readonly number[], own: readonly MarketRef[]): Promise<FeedEvent[]> {
  const out: FeedEvent[] = [];
  for (const r of own) {
    if (r.kind === 'EXCHANGE') {
      const state = await betting.peek(r.id);
      const ids = state.runners.filter((x) => x.status !== 'REMOVED').map((x) => x.selectionId);
      // Chances are floored so that a lost cause still shows a (long) price.
      const fair = ids.map((_, i) => Math.max(0.01, chances[i] ?? 0.01));
      out.push({ type: 'quotes', marketId: r.id, quotes: ladderQuotes(r.id, ids, fair, 3) });
    } else if (r.kind === 'BOOKMAKER') {
      const state = await betting.peek(r.id);
      out.push({
        type: 'rates',
        marketId: r.id,
        rates: state.runners.map((x, i) => {
          const p = Math.max(0.02, chances[i] ?? 0.02);
          const back = Math.min(5_000, Math.max(1, Math.round(100 / p) - 100 - 3));
          return { selectionId: x.selectionId, backRate: back, layRate: back + 4 };
        }),
      });
    }
  }
  return out;
}
