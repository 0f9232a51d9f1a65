import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange } from '@/components';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** report/profitLoss: the caller's settled markets between two IST days, with totals. */
export function useProfitLoss(range: DayRange) {
  return useQuery({
    queryKey: queryKeys.reports.profitLoss(range),
    queryFn: () => fetchData('getProfitLoss', range),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
