/**
 * The 1 / X / 2 prices of a match list: each match's Match Odds market (or a politics Winner
 * market), best back and best lay per runner, read from the betting service's in-memory books.
 * One query finds the markets of all listed matches with their versions; the books come from
 * memory (markets not loaded yet are loaded together, in a handful of queries), never a query
 * per match.
 */
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Match, MatchListItem } from '@exchange/contracts';
import { markets } from '../../db/schema/index.ts';
import type { MarketState } from '../../services/betting/market-state.ts';
import type { BettingService } from '../../services/betting/service.ts';

const rupees = (paise: number) => paise / 100;

function listedOdds(state: MarketState): NonNullable<MatchListItem['match_odds']> {
  return {
    market_id: state.id,
    status: state.row.status,
    runners: state.runners
      .filter((r) => r.status !== 'REMOVED')
      .map((r) => {
        const book = state.book?.runner(r.selectionId);
        const [back] = book ? book.bestLevels('BACK', 1) : [];
        const [lay] = book ? book.bestLevels('LAY', 1) : [];
        return {
          selection_id: r.selectionId,
          name: r.name,
          back: back ? { price: back.price / 100, size: rupees(back.sizePaise) } : null,
          lay: lay ? { price: lay.price / 100, size: rupees(lay.sizePaise) } : null,
        };
      }),
  };
}

export async function withMatchOdds(service: BettingService, list: readonly Match[]): Promise<MatchListItem[]> {
  if (list.length === 0) return [];
  const rows = await service.db
    .select({ id: markets.id, matchId: markets.matchId, version: markets.version })
    .from(markets)
    .where(
      and(
        inArray(
          markets.matchId,
          list.map((m) => m.match_id),
        ),
        inArray(markets.marketType, ['MATCH_ODDS', 'WINNER']),
        isNull(markets.settledAt),
      ),
    )
    .orderBy(asc(markets.sort), asc(markets.id));
  const firstOfMatch = new Map<number, { id: number; version: number }>();
  for (const r of rows) if (!firstOfMatch.has(r.matchId)) firstOfMatch.set(r.matchId, r);
  const states = await service.statesAtLeast(new Map([...firstOfMatch.values()].map((r) => [r.id, r.version])));
  return list.map((m) => {
    const market = firstOfMatch.get(m.match_id);
    const state = market && states.get(market.id);
    return { ...m, match_odds: state ? listedOdds(state) : null };
  });
}
