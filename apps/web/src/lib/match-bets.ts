import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { useLiveStatus } from '@/lib/live';
import { queryKeys } from '@/lib/query-keys';

/**
 * bet/getCurrentBets of one match: matched and unmatched, newest first; the match page's My Bets
 * and the trading ladder (its own unmatched bets to cancel, the matched ones that make the
 * position it closes) share it. The live user channel refreshes it when a bet changes (keys
 * starting with 'bet'); the poll is the fallback.
 */
export function useMatchBets(matchId: number) {
  const live = useLiveStatus() === 'open';
  return useQuery({
    queryKey: queryKeys.bets.current(matchId),
    queryFn: () => fetchData('getCurrentBets', { bet_type: 'all', match_id: matchId }),
    enabled: Number.isInteger(matchId),
    staleTime: 0,
    // Another bettor can match a resting bet at any time.
    refetchInterval: live ? 30_000 : 5_000,
  });
}
