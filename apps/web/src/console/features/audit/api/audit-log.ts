import type { AuditLogRequest } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/console/lib/all-pages';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** What the log is filtered by: the days, an action, a text. */
export type AuditLogFilter = Omit<AuditLogRequest, 'page' | 'limit'>;

/** operator/getAuditLog: one page of the operator's actions, the last page shown until it answers. */
export function useAuditLog(filter: AuditLogFilter, page: number, limit: number) {
  const body: AuditLogRequest = { ...filter, page, limit };
  return useQuery({
    queryKey: consoleKeys.operator.auditLog(body),
    queryFn: () => fetchData('operatorGetAuditLog', body),
    placeholderData: keepPreviousData,
  });
}

/** Every action of the filter, for the CSV. */
export const allAuditLogRows = (filter: AuditLogFilter) =>
  fetchAllPages((page, limit) => fetchData('operatorGetAuditLog', { ...filter, page, limit }));
