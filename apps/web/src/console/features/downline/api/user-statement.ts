import type { StatementType } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

export interface UserStatementFilter {
  from_date: string;
  to_date: string;
  statement_type: StatementType;
}

/** agent/getUserStatement: one page of a downline user's statement, the last page shown until it answers. */
export function useUserStatement(userId: number, filter: UserStatementFilter, page: number, limit: number) {
  return useQuery({
    queryKey: consoleKeys.downline.user.statement(userId, filter, page, limit),
    queryFn: () => fetchData('agentGetUserStatement', { user_id: userId, ...filter, page, limit }),
    placeholderData: keepPreviousData,
  });
}
