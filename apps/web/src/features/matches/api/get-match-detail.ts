import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

/** match/getMatchDetail: the header of one match (its markets arrive with the betting core). */
export function useMatchDetail(matchId: number) {
  return useQuery({
    queryKey: ['match', 'detail', matchId],
    queryFn: () => fetchData('getMatchDetail', { match_id: matchId }),
    enabled: Number.isInteger(matchId),
    refetchInterval: 30_000,
  });
}
