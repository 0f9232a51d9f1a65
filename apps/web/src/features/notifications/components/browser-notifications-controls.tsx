import { toast } from 'sonner';
import {
  turnOffBrowserNotifications,
  turnOnBrowserNotifications,
  useBrowserNotifications,
} from '../lib/browser-notifications';

const BLOCKED_TEXT =
  'Notifications are blocked for this site in this browser: allow them in its site settings to turn them on.';

async function turnOn(): Promise<void> {
  if ((await turnOnBrowserNotifications()) === 'blocked') toast.error(BLOCKED_TEXT);
}

/** The list's offer, while they are off (the permission is asked on this click, never on load). */
export function TurnOnBrowserNotificationsButton() {
  if (useBrowserNotifications() !== 'off') return null;
  return (
    <button
      type="button"
      className="btn btn--small"
      onClick={() => void turnOn()}
      data-testid="browser-notifications-turn-on"
    >
      Turn on browser notifications
    </button>
  );
}

/** The settings' switch: on, off, or why it cannot be turned on. Nothing where the browser has no notifications. */
export function BrowserNotificationsSwitch() {
  const state = useBrowserNotifications();
  if (state === 'unsupported') return null;
  return (
    <div className="notif-settings__browser">
      <label className="notif-settings__option">
        <input
          type="checkbox"
          checked={state === 'on'}
          disabled={state === 'blocked'}
          onChange={(e) => (e.target.checked ? void turnOn() : turnOffBrowserNotifications())}
          data-testid="browser-notifications-switch"
        />
        Browser notifications while this tab is in the background
      </label>
      {state === 'blocked' && <p className="notif-settings__note">{BLOCKED_TEXT}</p>}
    </div>
  );
}
