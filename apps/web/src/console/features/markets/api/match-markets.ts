import { useQuery } from '@tanstack/react-query';
import { matchMarketsQuery } from '@/console/lib/match-markets';

/** The markets are read again this often (open orders, a settlement elsewhere); the desks' own sends show at once. */
const MARKETS_REFRESH_MS = 15_000;

/** operator/getMarkets of the screen's match: the desks' list, patched by their sends and the pushes. */
export function useMatchMarkets(matchId: number) {
  return useQuery({
    ...matchMarketsQuery(matchId),
    refetchInterval: MARKETS_REFRESH_MS,
    // Opening the screen reads the markets afresh (another operator, the feed, a settlement).
    staleTime: 0,
  });
}
