import type { Notification } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import {
  hasMoreRows,
  nextPageAfter,
  notificationRows,
  unreadCount,
  withNotification,
  withRead,
  type NotificationPages,
} from './notification-pages';

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'BET_MATCHED',
  title: `Bet ${id} matched`,
  message: `Back Home ₹100.00 at 3.00 matched in full (${id})`,
  market_id: 7,
  match_id: 3,
  amount: 100,
  read,
  created_at: '2026-11-27T10:00:00.000Z',
});

/** Two pages of 3 read from the server: 5, 4, 3 | 2, 1 (4 and 2 unread). */
const loaded = (): NotificationPages => ({
  pages: [
    { rows: [note(5), note(4, false), note(3, true)], total: 5, unread: 3, page: 1, limit: 3 },
    { rows: [note(2), note(1, true)], total: 5, unread: 3, page: 2, limit: 3 },
  ],
  pageParams: [1, 2],
});

const ids = (data: NotificationPages) => notificationRows(data).map((r) => r.id);
const readIds = (data: NotificationPages) =>
  notificationRows(data)
    .filter((r) => r.read)
    .map((r) => r.id);

describe("the bell's pages", () => {
  it('list every row once, newest first: a page read after a push repeats the end of the one before', () => {
    const data = loaded();
    data.pages[1]!.rows.unshift(note(3, true));
    expect(ids(data)).toEqual([5, 4, 3, 2, 1]);
    expect(unreadCount(data)).toBe(3);
    expect(hasMoreRows(data)).toBe(false);
    expect(unreadCount(undefined)).toBe(0);
  });

  it('ask for the next page while the server holds more', () => {
    expect(nextPageAfter({ rows: [], total: 7, unread: 0, page: 2, limit: 3 })).toBe(3);
    expect(nextPageAfter({ rows: [], total: 6, unread: 0, page: 2, limit: 3 })).toBeUndefined();
    const first = { ...loaded(), pages: [loaded().pages[0]!], pageParams: [1] };
    expect(hasMoreRows(first)).toBe(true);
  });

  it('take a pushed notification on top, counted unread and in the total, once', () => {
    const pushed = withNotification(loaded(), note(6));
    expect(ids(pushed)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(unreadCount(pushed)).toBe(4);
    expect(pushed.pages.map((p) => p.total)).toEqual([6, 6]);
    expect(withNotification(pushed, note(6))).toBe(pushed);
  });

  it('mark rows read at once, the unread count dropping by those that were unread, then as the server says', () => {
    const one = withRead(loaded(), [4, 3]);
    expect(readIds(one)).toEqual([4, 3, 1]);
    expect(unreadCount(one)).toBe(2);
    expect(unreadCount(withRead(loaded(), [4], 9))).toBe(9);
    const all = withRead(loaded(), 'all');
    expect(readIds(all)).toEqual([5, 4, 3, 2, 1]);
    expect(unreadCount(all)).toBe(0);
  });
});
