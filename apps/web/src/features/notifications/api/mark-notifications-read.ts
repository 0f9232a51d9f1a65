import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { withRead, type NotificationPages } from '../lib/notification-pages';

const patch = (fn: (data: NotificationPages) => NotificationPages) =>
  queryClient.setQueryData<NotificationPages>(queryKeys.notifications, (data) => data && fn(data));

/**
 * user/markNotificationsRead: these notifications, or (`'all'`) every one of the caller's. They
 * show read at once; the server's unread count follows its answer. A failed call reads the list
 * again, so nothing shows read that is not.
 */
export function useMarkNotificationsRead() {
  return useMutation({
    mutationFn: (ids: readonly number[] | 'all') =>
      fetchData('markNotificationsRead', ids === 'all' ? {} : { ids: [...ids] }),
    onMutate: async (ids) => {
      // A read in flight must not bring the rows back unread after this.
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications });
      patch((data) => withRead(data, ids));
    },
    onSuccess: (answer, ids) => patch((data) => withRead(data, ids, answer.unread)),
    onError: (error) => {
      toast.error(error.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
}
