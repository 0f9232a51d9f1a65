import type { OperatorMatchesRequest } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** operator/getMatches: one page of the catalog's matches and meetings, the last page shown until it answers. */
export function useCatalogMatches(filter: OperatorMatchesRequest) {
  return useQuery({
    queryKey: consoleKeys.operator.matches.of(filter),
    queryFn: () => fetchData('operatorGetMatches', filter),
    placeholderData: keepPreviousData,
  });
}
