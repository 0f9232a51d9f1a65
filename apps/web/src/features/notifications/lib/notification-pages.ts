import type { Notification, NotificationsPage } from '@exchange/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** The pages of `user/getNotifications` loaded so far (page 1 first), as react-query keeps them. */
export type NotificationPages = InfiniteData<NotificationsPage>;

/**
 * Every row loaded, newest first, each once. The server pages by offset, so a notification that
 * arrives after page 1 was read shifts the later pages: their first rows repeat the end of the
 * page before.
 */
export function notificationRows(data: NotificationPages | undefined): Notification[] {
  const seen = new Set<number>();
  const rows: Notification[] = [];
  for (const page of data?.pages ?? [])
    for (const row of page.rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  return rows;
}

/** The page read last is the freshest (a refetch reads them in order): its counts stand. */
const lastPage = (data: NotificationPages | undefined) => data?.pages.at(-1);

/** How many of the bettor's notifications are unread (0 before the first answer). */
export function unreadCount(data: NotificationPages | undefined): number {
  return lastPage(data)?.unread ?? 0;
}

/** Whether the server holds rows that no loaded page shows. */
export function hasMoreRows(data: NotificationPages | undefined): boolean {
  return notificationRows(data).length < (lastPage(data)?.total ?? 0);
}

/** The next page to ask for, after `last` (react-query's getNextPageParam). */
export function nextPageAfter(last: NotificationsPage): number | undefined {
  return last.page * last.limit < last.total ? last.page + 1 : undefined;
}

/**
 * The pages with a pushed notification on top of page 1, the unread count and the total bumped.
 * One already shown (a refetch brought it first) changes nothing.
 */
export function withNotification(data: NotificationPages, notification: Notification): NotificationPages {
  if (data.pages.some((p) => p.rows.some((r) => r.id === notification.id))) return data;
  const unread = unreadCount(data) + (notification.read ? 0 : 1);
  const total = (lastPage(data)?.total ?? 0) + 1;
  return {
    ...data,
    pages: data.pages.map((p, i) => ({
      ...p,
      rows: i === 0 ? [notification, ...p.rows] : p.rows,
      unread,
      total,
    })),
  };
}

/**
 * The pages with these notifications (or all of them) read. The unread count becomes `unread`
 * when the server said it, else drops by the rows that were unread.
 */
export function withRead(
  data: NotificationPages,
  ids: readonly number[] | 'all',
  unread?: number,
): NotificationPages {
  const marks = (row: Notification) => ids === 'all' || ids.includes(row.id);
  const newlyRead = notificationRows(data).filter((r) => !r.read && marks(r)).length;
  const left = unread ?? (ids === 'all' ? 0 : Math.max(0, unreadCount(data) - newlyRead));
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      rows: p.rows.map((r) => (!r.read && marks(r) ? { ...r, read: true } : r)),
      unread: left,
    })),
  };
}
