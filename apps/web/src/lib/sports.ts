import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { queryKeys } from './query-keys';

/**
 * sport/getSports of the active sports: the sports tabs, the home page's and the Current Bets
 * filter. One query (one key), so one request serves them all.
 */
export function useSports() {
  return useQuery({
    queryKey: queryKeys.sports,
    queryFn: () => fetchData('getSports', { is_active: 1 }),
    staleTime: 5 * 60_000,
  });
}
