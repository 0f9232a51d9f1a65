import type { StatementType } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface StatementFilter {
  from_date: string;
  to_date: string;
  statement_type: StatementType;
  page: number;
  limit: number;
}

/** accountStatement/getUserAccountStatementHistory for one page of the filter. */
export function useAccountStatement(filter: StatementFilter) {
  return useQuery({
    queryKey: queryKeys.reports.accountStatement(filter),
    queryFn: () => fetchData('getUserAccountStatementHistory', filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
