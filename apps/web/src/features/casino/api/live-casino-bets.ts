import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface LiveCasinoBetsFilter {
  from_date: string;
  to_date: string;
  page: number;
  limit: number;
}

/** casino/getLiveCasinoBets: the caller's casino rounds between two IST days. */
export function useLiveCasinoBets(filter: LiveCasinoBetsFilter) {
  return useQuery({
    queryKey: queryKeys.reports.liveCasinoBets(filter),
    queryFn: () => fetchData('getLiveCasinoBets', filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
