import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

/** sport/getSports of the active sports (same key as the header's, so one request serves both). */
export function useSports() {
  return useQuery({
    queryKey: ['catalog', 'sports'],
    queryFn: () => fetchData('getSports', { is_active: 1 }),
    staleTime: 5 * 60_000,
  });
}
