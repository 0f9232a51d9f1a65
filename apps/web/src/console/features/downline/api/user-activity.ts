import type { ActivityLogRequest } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/console/lib/all-pages';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** Which entries: every one, the logins, or the sensitive actions. */
export type ActivityFilter = NonNullable<ActivityLogRequest['filter']>;

/** agent/getUserActivityLog: one page of a downline user's log, newest first, the last page shown until it answers. */
export function useUserActivity(userId: number, filter: ActivityFilter, page: number, limit: number) {
  return useQuery({
    queryKey: consoleKeys.downline.user.activity(userId, filter, page, limit),
    queryFn: () => fetchData('agentGetUserActivityLog', { user_id: userId, filter, page, limit }),
    placeholderData: keepPreviousData,
  });
}

/** Every entry of the filter, for the CSV. */
export const allUserActivityRows = (userId: number, filter: ActivityFilter) =>
  fetchAllPages((page, limit) => fetchData('agentGetUserActivityLog', { user_id: userId, filter, page, limit }));
