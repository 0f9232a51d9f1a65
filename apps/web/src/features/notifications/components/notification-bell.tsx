import { useCallback, useId, useRef, useState, type FocusEvent } from 'react';
import { useDismiss } from '@/hooks/use-dismiss';
import { useSignedIn } from '@/lib/session';
import { useNotifications } from '../api/get-notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { unreadCount } from '../lib/notification-pages';
import { NotificationPanel } from './notification-panel';
import './notifications.css';

/** While the live socket is down, the list is read again this often (a push would have told at once). */
const POLL_WITHOUT_PUSH_MS = 30_000;

/** The badge's text: the count, '9+' above 9 (hidden at 0). */
export const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/** What the bell says to a screen reader. */
export const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
      />
    </svg>
  );
}

/**
 * The header's bell (issue 23): the unread count from the server, kept by the live push, and the
 * list it opens. Mount it once (the header): it also takes the pushed notifications in (toast,
 * list, the browser's own notification while the tab is hidden).
 */
export function NotificationBell() {
  const signedIn = useSignedIn();
  const live = useLiveNotifications();
  const query = useNotifications(signedIn, live === 'open' ? false : POLL_WITHOUT_PUSH_MS);
  const unread = unreadCount(query.data);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => setOpen(false), []);
  const closeToBell = useCallback(() => {
    setOpen(false);
    bell.current?.focus();
  }, []);
  // Escape (anywhere) gives the focus back to the bell; a press outside leaves it where it went.
  const dismiss = useCallback(() => {
    if (box.current?.contains(document.activeElement)) closeToBell();
    else close();
  }, [close, closeToBell]);
  useDismiss(box, open, dismiss);
  // Tab out of the list (or Shift+Tab past the bell) closes it: it is not modal, the page goes on.
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.relatedTarget instanceof Node && !box.current?.contains(e.relatedTarget)) close();
  };

  return (
    <div className="notif" ref={box} onBlur={onBlur}>
      <button
        ref={bell}
        type="button"
        className="icon-btn notif__bell"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 && (
          <span className="notif__badge" aria-hidden="true" data-testid="notification-badge">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} query={query} onClose={closeToBell} onNavigate={close} />}
    </div>
  );
}
