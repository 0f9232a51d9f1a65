import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** casino/getGameList: the provider's static list (it changes only with a release). */
export function useCasinoGames() {
  return useQuery({
    queryKey: queryKeys.casino.games,
    queryFn: () => fetchData('getCasinoGameList'),
    staleTime: 10 * 60_000,
  });
}
