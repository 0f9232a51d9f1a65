import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** operator/getSports: every sport, hidden ones too, with its counts. */
export function useSports() {
  return useQuery({ queryKey: consoleKeys.operator.sports, queryFn: () => fetchData('operatorGetSports') });
}
