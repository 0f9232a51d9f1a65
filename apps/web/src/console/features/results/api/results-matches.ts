import type { BodyOf } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/**
 * operator/getMatches for the match picker, finished matches too, the last page shown until it
 * answers. Under the catalog's matches prefix: a settlement or a catalog save reads it again.
 */
export function useResultsMatches(filter: BodyOf<'operatorGetMatches'>) {
  return useQuery({
    queryKey: consoleKeys.operator.matches.ofResults(filter),
    queryFn: () => fetchData('operatorGetMatches', filter),
    placeholderData: keepPreviousData,
  });
}
