import type { Notification } from '@exchange/contracts';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components';
import { formatIst } from '@/lib/format';
import type { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { matchPagePath } from '../lib/kinds';
import { hasMoreRows, notificationRows, unreadCount } from '../lib/notification-pages';
import { relativeTime } from '../lib/relative-time';
import { TurnOnBrowserNotificationsButton } from './browser-notifications-controls';
import { NotificationKindsSettings } from './notification-kinds-settings';

/** How often the relative times ('5 minutes ago') are worked out again while the list is open. */
const CLOCK_TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface ItemProps {
  notification: Notification;
  now: number;
  onRead: (notification: Notification) => void;
  onOpenMatch: () => void;
}

/**
 * One notification: its title, sentence and time, marked while unread, a link to its match. A
 * click anywhere on it marks it read; the keyboard has the "Mark read" button and the link.
 */
function NotificationItem({ notification: n, now, onRead, onOpenMatch }: ItemProps) {
  const markRead = (e: MouseEvent<HTMLButtonElement>) => {
    e.stopPropagation();
    // The button goes once it is read: the item keeps the focus, so Tab goes on from here.
    e.currentTarget.closest('li')?.focus();
    onRead(n);
  };
  return (
    <li
      className={`notif-item${n.read ? '' : ' notif-item--unread'}`}
      tabIndex={-1}
      onClick={() => onRead(n)}
      data-testid="notification"
      data-notification-id={n.id}
      data-read={n.read}
    >
      <h3 className="notif-item__title">
        {!n.read && <span className="visually-hidden">Unread: </span>}
        {n.title}
      </h3>
      <p className="notif-item__message">{n.message}</p>
      <div className="notif-item__meta">
        <time className="notif-item__time" dateTime={n.created_at} title={formatIst(n.created_at)}>
          {relativeTime(n.created_at, now)}
        </time>
        {n.match_id != null && (
          <Link
            to={matchPagePath(n.match_id)}
            className="notif-item__action"
            onClick={onOpenMatch}
            data-testid="notification-match-link"
          >
            View match
          </Link>
        )}
        {!n.read && (
          <button
            type="button"
            className="notif-item__action"
            onClick={markRead}
            data-testid="notification-mark-read"
          >
            Mark read<span className="visually-hidden">: {n.title}</span>
          </button>
        )}
      </div>
    </li>
  );
}

interface PanelProps {
  id: string;
  query: ReturnType<typeof useNotifications>;
  /** Closes the list and gives the focus back to the bell. */
  onClose: () => void;
  /** Closes the list as the page changes (the focus goes with the page). */
  onNavigate: () => void;
}

/**
 * The bell's list: newest first, "Mark all read", a page more on "More", the browser
 * notifications' offer and the settings. A dialog labelled by its heading that takes the focus
 * when it opens; opening it marks nothing read.
 */
export function NotificationPanel({ id, query, onClose, onNavigate }: PanelProps) {
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const { data, isPending, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const rows = notificationRows(data);
  const unread = unreadCount(data);
  const markRead = useMarkNotificationsRead();
  const now = useNow();
  // The settings are read when they are first shown, not each time the list opens.
  const [settingsOpen, setSettingsOpen] = useState(false);
  // After "More", the focus goes to the first row it brought (the button may be gone).
  const focusRow = useRef<number | null>(null);

  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    const at = focusRow.current;
    const row = at === null ? null : list.current?.children[at];
    if (row instanceof HTMLElement) {
      focusRow.current = null;
      row.focus();
    }
  }, [rows.length]);

  const readOne = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id]);
  };
  const more = () => {
    focusRow.current = rows.length;
    void fetchNextPage();
  };

  return (
    <div
      ref={box}
      id={id}
      className="notif__panel"
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="notification-panel"
    >
      <div className="notif__head">
        <h2 id={headingId} className="notif__heading">
          Notifications
          {unread > 0 && (
            <>
              {' '}
              <span className="notif__unread">({unread} unread)</span>
            </>
          )}
        </h2>
        <button
          type="button"
          className="btn btn--small"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => {
            // The button is disabled once all are read: the list keeps the focus.
            box.current?.focus();
            markRead.mutate('all');
          }}
          data-testid="notifications-mark-all"
        >
          Mark all read
        </button>
        <button
          type="button"
          className="icon-btn notif__close"
          aria-label="Close notifications"
          onClick={onClose}
          data-testid="notification-panel-close"
        >
          ×
        </button>
      </div>
      <div className="notif__body">
        {isPending ? (
          <Spinner label="Loading notifications" />
        ) : isError && rows.length === 0 ? (
          <div className="notif__state" role="alert">
            <p>The notifications could not be loaded.</p>
            <button type="button" className="btn btn--small" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : rows.length === 0 ? (
          <p className="notif__state" data-testid="notifications-empty">
            No notifications yet. Matched bets, settlements, cash outs and payments will show here.
          </p>
        ) : (
          <ul ref={list} className="notif__list" data-testid="notification-list">
            {rows.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                now={now}
                onRead={readOne}
                onOpenMatch={onNavigate}
              />
            ))}
          </ul>
        )}
        {hasNextPage && hasMoreRows(data) && (
          <div className="notif__more">
            <button
              type="button"
              className="btn btn--small"
              disabled={isFetchingNextPage}
              onClick={more}
              data-testid="notifications-more"
            >
              {isFetchingNextPage ? 'Loading…' : 'More'}
            </button>
          </div>
        )}
        <div className="notif__foot">
          <TurnOnBrowserNotificationsButton />
          <details className="notif__settings" onToggle={(e) => setSettingsOpen(e.currentTarget.open)}>
            <summary data-testid="notification-settings-toggle">Settings</summary>
            {settingsOpen && <NotificationKindsSettings />}
          </details>
        </div>
      </div>
    </div>
  );
}
