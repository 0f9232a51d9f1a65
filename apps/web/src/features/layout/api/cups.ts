import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** match/getCupsForMenu: the featured tournaments of the sidebar's cups menu. */
export function useCupsForMenu() {
  return useQuery({
    queryKey: queryKeys.cups,
    queryFn: () => fetchData('getCupsForMenu'),
    staleTime: 5 * 60_000,
  });
}
