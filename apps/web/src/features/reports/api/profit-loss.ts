import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

export interface DateRange {
  from_date: string;
  to_date: string;
}

/** report/profitLoss: the caller's settled markets between two IST days, with totals. */
export function useProfitLoss(range: DateRange) {
  return useQuery({
    queryKey: ['report', 'profitLoss', range],
    queryFn: () => fetchData('getProfitLoss', range),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
