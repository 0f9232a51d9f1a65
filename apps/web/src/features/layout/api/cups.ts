import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

/** match/getCupsForMenu: the featured tournaments of the sidebar's cups menu. */
export function useCupsForMenu() {
  return useQuery({
    queryKey: ['catalog', 'cups'],
    queryFn: () => fetchData('getCupsForMenu'),
    staleTime: 5 * 60_000,
  });
}
