import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

/** match/getMatches of one sport with its 1 / X / 2 prices, refreshed every 5 s so the prices stay current. */
export function useMatches(sportId: number, enabled = true) {
  return useQuery({
    queryKey: ['catalog', 'matches', sportId],
    queryFn: () => fetchData('getMatches', { sport_id: sportId, is_active: 1 }),
    enabled,
    refetchInterval: 5_000,
  });
}
