import type { MarketView, MatchListItem } from '@exchange/contracts';

/** A match list's Match Odds summary: per runner its best back and best lay. */
export type ListedOdds = NonNullable<MatchListItem['match_odds']>;

/**
 * A pushed market (image, or image with deltas applied) as match/getMatches lists it: removed
 * runners left out, each runner's best back and best lay (the first level of each side), or null
 * where the side is empty.
 */
export function listedOddsOf(market: MarketView): ListedOdds {
  return {
    market_id: market.market_id,
    market_type: market.market_type,
    status: market.status,
    runners: market.runners
      .filter((r) => r.status !== 'REMOVED')
      .map((r) => ({ selection_id: r.selection_id, name: r.name, back: r.back[0] ?? null, lay: r.lay[0] ?? null })),
  };
}

/**
 * The odds a match row shows: the live copy of the market the list named while it is streamed
 * (it is newer than any poll), otherwise the polled list's.
 */
export function shownOdds(listed: ListedOdds | null, live: MarketView | undefined): ListedOdds | null {
  return listed && live?.market_id === listed.market_id ? listedOddsOf(live) : listed;
}
