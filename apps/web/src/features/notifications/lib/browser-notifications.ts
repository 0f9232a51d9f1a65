/**
 * The browser's own notifications (the Notification API), shown while the tab is hidden for a
 * bettor who turned them on in this browser. The permission is asked only from a click (browsers
 * ignore or penalise a prompt on load); where the API is missing nothing is offered or shown.
 */
import type { Notification as BettorNotification } from '@exchange/contracts';
import { useSyncExternalStore } from 'react';
import { getStoredUser } from '@/lib/storage';

/**
 * - unsupported: no Notification API here (an old browser, some in-app browsers, jsdom);
 * - blocked: the bettor refused the permission (only the browser's site settings give it back);
 * - off: not turned on in this browser by this user;
 * - on: shown while the tab is hidden.
 */
export type BrowserNotificationsState = 'unsupported' | 'blocked' | 'off' | 'on';

/** The bettor's choice in this browser, per user (another login on the device chooses its own). */
const storageKey = () => `notifyInBrowser:${getStoredUser()?.user_id ?? ''}`;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((fn) => fn());

function browserApi(): typeof Notification | undefined {
  return typeof window !== 'undefined' && typeof window.Notification === 'function'
    ? window.Notification
    : undefined;
}

export function browserNotificationsState(): BrowserNotificationsState {
  const api = browserApi();
  if (!api) return 'unsupported';
  if (api.permission === 'denied') return 'blocked';
  return api.permission === 'granted' && localStorage.getItem(storageKey()) === '1' ? 'on' : 'off';
}

/** Follows the state (the switch in the settings and the list's button re-render together). */
export function useBrowserNotifications(): BrowserNotificationsState {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    browserNotificationsState,
    () => 'unsupported',
  );
}

/** Call from a click: asks for the permission when the browser has not been asked yet. */
export async function turnOnBrowserNotifications(): Promise<BrowserNotificationsState> {
  const api = browserApi();
  if (!api) return 'unsupported';
  const permission = api.permission === 'default' ? await api.requestPermission() : api.permission;
  if (permission === 'granted') localStorage.setItem(storageKey(), '1');
  changed();
  return browserNotificationsState();
}

export function turnOffBrowserNotifications(): void {
  localStorage.removeItem(storageKey());
  changed();
}

/**
 * Shows a pushed notification as the browser's own while the tab is hidden and the bettor turned
 * them on (a visible tab has the toast). One tag per notification: several hidden tabs of the
 * same bettor show it once. A click brings the tab forward.
 */
export function notifyInBrowser(notification: BettorNotification): void {
  const api = browserApi();
  if (!api || document.visibilityState !== 'hidden' || browserNotificationsState() !== 'on') return;
  try {
    const shown = new api(notification.title, {
      body: notification.message,
      tag: `notification-${notification.id}`,
    });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // Some phones' browsers allow notifications only from a service worker: the toast stays.
  }
}
