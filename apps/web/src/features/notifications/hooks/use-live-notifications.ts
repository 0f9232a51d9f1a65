import type { Notification } from '@exchange/contracts';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { onLiveMessage, useLiveUser, type LiveStatus } from '@/lib/live';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { notifyInBrowser } from '../lib/browser-notifications';
import { withNotification, type NotificationPages } from '../lib/notification-pages';

/** A notification is a sentence to read: its toast stays longer than the site's 800 ms ones. */
export const NOTIFICATION_TOAST_MS = 4_000;

/** One pushed notification: on top of the list, counted unread, toasted, and told by the browser when the tab is hidden. */
function received(notification: Notification): void {
  if (queryClient.getQueryData<NotificationPages>(queryKeys.notifications))
    queryClient.setQueryData<NotificationPages>(
      queryKeys.notifications,
      (data) => data && withNotification(data, notification),
    );
  else void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  // A limit, break or exclusion changed (perhaps by the agent, or in another tab): the slip, the
  // deposit page and the limits page read it again.
  if (notification.kind === 'SAFER_GAMBLING')
    void queryClient.invalidateQueries({ queryKey: queryKeys.saferGambling });
  toast(notification.title, {
    id: `notification-${notification.id}`,
    description: notification.message,
    duration: NOTIFICATION_TOAST_MS,
    // At the foot of the screen: a stream of them at the top covered the header (the bell, the
    // account menu, the balance) and a dialog's title on a phone for seconds on end.
    position: 'bottom-center',
  });
  notifyInBrowser(notification);
}

/**
 * The user channel's `notification` messages into the bell (mount once: each would toast). What
 * was pushed while the socket was down is lost: on its way back the list is read again. Answers
 * the socket's state (the list polls while it is not open).
 */
export function useLiveNotifications(): LiveStatus {
  const status = useLiveUser();
  useEffect(
    () =>
      onLiveMessage((message) => {
        if (message.type === 'notification') received(message.notification);
      }),
    [],
  );
  const dropped = useRef(false);
  useEffect(() => {
    if (status === 'reconnecting') dropped.current = true;
    else if (status === 'open' && dropped.current) {
      dropped.current = false;
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    }
  }, [status]);
  return status;
}
