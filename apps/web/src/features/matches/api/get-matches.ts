import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

/** match/getMatches of one sport; refreshed every minute so in-play markers follow the clock. */
export function useMatches(sportId: number, enabled = true) {
  return useQuery({
    queryKey: ['catalog', 'matches', sportId],
    queryFn: () => fetchData('getMatches', { sport_id: sportId, is_active: 1 }),
    enabled,
    refetchInterval: 60_000,
  });
}
