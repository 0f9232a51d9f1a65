import { useQuery } from '@tanstack/react-query';
import { matchMarketsQuery } from '@/console/lib/match-markets';

/** operator/getMarkets of the match picked: its markets with their results (a settlement reads them again). */
export function useMatchMarkets(matchId: number) {
  return useQuery(matchMarketsQuery(matchId));
}
