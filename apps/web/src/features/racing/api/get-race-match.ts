import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

/** match/getMatchDetail of the venue in the route: it tells horse (7) from greyhound (4339) racing. */
export function useRaceMatch(matchId: number) {
  return useQuery({
    queryKey: ['match', 'detail', matchId],
    queryFn: () => fetchData('getMatchDetail', { match_id: matchId }),
    enabled: Number.isInteger(matchId),
  });
}
