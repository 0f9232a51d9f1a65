import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { nextPageAfter } from '../lib/notification-pages';

/** Rows a page of the list holds ("More" asks for the next). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * user/getNotifications: the caller's notifications, newest first, a page at a time, with the
 * unread count (the bell's badge). Read once when the app loads; the live push patches it (see
 * useLiveNotifications), and while the push is down it is read again every `pollMs`.
 */
export function useNotifications(enabled: boolean, pollMs: number | false) {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ pageParam }) =>
      fetchData('getNotifications', { page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageAfter,
    enabled,
    staleTime: Infinity,
    refetchInterval: pollMs,
  });
}
