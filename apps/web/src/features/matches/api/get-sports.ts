import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** sport/getSports of the active sports (same key as the header's, so one request serves both). */
export function useSports() {
  return useQuery({
    queryKey: queryKeys.sports,
    queryFn: () => fetchData('getSports', { is_active: 1 }),
    staleTime: 5 * 60_000,
  });
}
