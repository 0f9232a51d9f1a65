import type { CurrentBetsRequest } from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { setBalance } from '@/lib/balance';

export type BetTypeFilter = NonNullable<CurrentBetsRequest['bet_type']>;
export interface CurrentBetsFilter {
  bet_type: BetTypeFilter;
  /** Every sport when absent. */
  sport_id?: number;
}

// Under 'bets', which a placed bet refreshes, so this report follows bets placed elsewhere.
const currentBetsKey = ['bets', 'report'] as const;

/**
 * bet/getCurrentBets for the filter. Polled while open: a resting bet can be matched by someone
 * else at any moment, and the table should say so without a reload.
 */
export function useCurrentBets(filter: CurrentBetsFilter) {
  return useQuery({
    queryKey: [...currentBetsKey, filter],
    queryFn: () => fetchData('getCurrentBets', filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 5_000,
  });
}

/** sport/getSports for the sport filter (the header's query key: one request serves both). */
export function useSportOptions() {
  return useQuery({
    queryKey: ['catalog', 'sports'],
    queryFn: () => fetchData('getSports', { is_active: 1 }),
    staleTime: 5 * 60_000,
  });
}

/**
 * bet/cancelBet: takes back the unmatched rest of a bet. The answer's balance is shown at once;
 * every view of bets, positions and exposure is read again.
 */
export function useCancelBet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (betId: number) => fetchData('cancelBet', { bet_id: betId }),
    onSuccess: (cancelled) => {
      setBalance(cancelled.balance);
      void client.invalidateQueries({ queryKey: ['bets'] });
      void client.invalidateQueries({ queryKey: ['match', 'detail'] });
      void client.invalidateQueries({ queryKey: ['user', 'exposureDetail'] });
    },
  });
}
