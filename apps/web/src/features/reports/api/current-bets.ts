import type { CurrentBetsRequest } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { useLiveStatus } from '@/lib/live';
import { queryKeys } from '@/lib/query-keys';

export type BetTypeFilter = NonNullable<CurrentBetsRequest['bet_type']>;
export interface CurrentBetsFilter {
  bet_type: BetTypeFilter;
  /** Every sport when absent. */
  sport_id?: number;
}

/**
 * bet/getCurrentBets for the filter. Its key starts with 'bet', which a placed or cancelled bet
 * and the live user channel refresh, so the table follows bets matched by someone else; the poll
 * is the fallback while the socket is down.
 */
export function useCurrentBets(filter: CurrentBetsFilter) {
  const live = useLiveStatus() === 'open';
  return useQuery({
    queryKey: queryKeys.bets.report(filter),
    queryFn: () => fetchData('getCurrentBets', filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? 30_000 : 5_000,
  });
}
