import { formatRupees } from '@/lib/format';
import { LOCAL_KEYS } from '@/lib/storage';

const MINUTE_MS = 60_000;

declare global {
  interface Window {
    /**
     * Browser tests only: a shorter reality check interval (ms), so a reminder comes within
     * seconds. Nothing in the app sets it; it can only shorten the bettor's interval, never
     * lengthen or stop it.
     */
    __e2eRealityCheckMs?: number;
  }
}

/** The reminder's interval: the bettor's choice, or the browser tests' shorter one. */
export function realityCheckIntervalMs(
  minutes: number,
  testMs = globalThis.window?.__e2eRealityCheckMs,
): number {
  const chosen = minutes * MINUTE_MS;
  return typeof testMs === 'number' && testMs > 0 ? Math.min(testMs, chosen) : chosen;
}

/**
 * When the next reminder is due: a whole number of intervals (at least one) after `anchor` (the
 * login, or the last "Continue"), the first such time not before `now`. Reminders so fall at
 * every interval of the session; a reload between two does not bring one early.
 */
export function nextReminderAt(anchor: number, intervalMs: number, now: number): number {
  const intervals = Math.max(1, Math.ceil((now - anchor) / intervalMs));
  return anchor + intervals * intervalMs;
}

/** `1 h 30 min`, `45 min`, `less than 1 min`. */
export function sessionLengthText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min` : 'less than 1 min';
}

/** `+₹200`, `-₹150`, `₹0`. */
export function netResultText(net: number): string {
  if (net === 0) return formatRupees(0);
  return `${net > 0 ? '+' : '-'}${formatRupees(Math.abs(net))}`;
}

/** When this session logged in (ms); a session from before the reality check counts from now. */
export function loginTime(now = Date.now()): number {
  const stored = Number(localStorage.getItem(LOCAL_KEYS.loginAt));
  if (Number.isFinite(stored) && stored > 0) return stored;
  localStorage.setItem(LOCAL_KEYS.loginAt, String(now));
  return now;
}

/** Where the next reminder counts from: the last "Continue", else the login. */
export function reminderAnchor(): number {
  const answered = Number(localStorage.getItem(LOCAL_KEYS.realityCheckAt));
  return Number.isFinite(answered) && answered > 0 ? answered : loginTime();
}
