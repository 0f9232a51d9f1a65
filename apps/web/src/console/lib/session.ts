/**
 * The console's session (ADR 36): its own token and user in local storage, apart from the
 * bettors' app's, so one browser can hold both. The signed-in flag of the shared session module
 * follows it, which keeps the live socket's user channel (the console's nudges) open.
 */
import type { ConsoleLogin, ConsoleUser } from '@exchange/contracts';
import { useSyncExternalStore } from 'react';
import { setSignedIn } from '@/lib/session';
import { readJson, writeJson } from '@/lib/storage';

export const CONSOLE_TOKEN_KEY = 'console.usertoken';
const CONSOLE_USER_KEY = 'console.user';

const listeners = new Set<() => void>();
let cached: ConsoleUser | null | undefined;

function changed(): void {
  cached = undefined;
  listeners.forEach((fn) => fn());
}

export function consoleUser(): ConsoleUser | null {
  if (cached === undefined) cached = localStorage.getItem(CONSOLE_TOKEN_KEY) ? readJson<ConsoleUser>(localStorage, CONSOLE_USER_KEY) : null;
  return cached;
}

/** The signed-in agent or operator (null: signed out); re-renders on login, logout and refresh. */
export function useConsoleUser(): ConsoleUser | null {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    consoleUser,
    () => null,
  );
}

export function saveConsoleLogin({ usertoken, ...user }: ConsoleLogin): void {
  localStorage.setItem(CONSOLE_TOKEN_KEY, usertoken);
  writeJson(localStorage, CONSOLE_USER_KEY, user);
  setSignedIn(true);
  changed();
}

/** A fresh console/getMe (balance, forced password change done). */
export function updateConsoleUser(user: ConsoleUser): void {
  if (!localStorage.getItem(CONSOLE_TOKEN_KEY)) return;
  writeJson(localStorage, CONSOLE_USER_KEY, user);
  setSignedIn(true);
  changed();
}

/** Why the login page is shown again: the user signed out, the server ended the session or it expired (ADR 42). */
export type ConsoleLogoutReason = 'signed-out' | 'session-ended' | 'session-expired' | 'password-changed';
let logoutReason: ConsoleLogoutReason | null = null;

export function clearConsoleSession(reason: ConsoleLogoutReason): void {
  localStorage.removeItem(CONSOLE_TOKEN_KEY);
  localStorage.removeItem(CONSOLE_USER_KEY);
  logoutReason = reason;
  setSignedIn(false);
  changed();
}

/** Read once by the login page. */
export function takeLogoutReason(): ConsoleLogoutReason | null {
  const reason = logoutReason;
  logoutReason = null;
  return reason;
}

export const isOperator = (user: ConsoleUser | null) => user?.role === 'root';
