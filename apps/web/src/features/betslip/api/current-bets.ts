import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { useLiveStatus } from '@/lib/live';
import { queryKeys } from '@/lib/query-keys';

export { useMatchBets } from '@/lib/match-bets';

/**
 * bet/getSettledBets of one match: the caller's settled bets with their result. A settlement is
 * pushed on the live user channel (a 'bet' key, refreshed like current bets); the poll is the fallback.
 */
export function useSettledBets(matchId: number) {
  const live = useLiveStatus() === 'open';
  return useQuery({
    queryKey: queryKeys.bets.settled(matchId),
    queryFn: () => fetchData('getSettledBets', { match_id: matchId }),
    enabled: Number.isInteger(matchId),
    staleTime: 0,
    refetchInterval: live ? 30_000 : 10_000,
  });
}
