import { useSyncExternalStore } from 'react';
import type { SessionSnapshot } from './guard';
import { LOCAL_KEYS, SESSION_KEYS, getStoredUser, getToken, writeJson, type StoredUser } from './storage';

/**
 * The signed-in state of spec section 4: false at start, true after a good startup check or a
 * login, false again on logout, on 401/403 and on a guard failure. The header and the balance
 * poll follow it.
 */
let signedIn = false;
/**
 * Why the last local logout happened: the server ended the session (logged out elsewhere, a
 * password change, a lock) or it expired (idle or too old, ADR 42), the password was changed here (every token revoked), or
 * the user signed out.
 */
export type LogoutReason = 'signed-out' | 'session-ended' | 'session-expired' | 'password-changed';
const LOGOUT_REASONS: readonly LogoutReason[] = [
  'signed-out',
  'session-ended',
  'session-expired',
  'password-changed',
];
/**
 * Kept in the tab's sessionStorage as well: a page that learns its session ended (a poll's 401)
 * and is then reloaded must still say why, not show a bare login form.
 */
function storedLogoutReason(): LogoutReason | null {
  const stored = sessionStorage.getItem(SESSION_KEYS.logoutReason);
  return LOGOUT_REASONS.find((reason) => reason === stored) ?? null;
}
let lastLogoutReason: LogoutReason | null = storedLogoutReason();

function rememberLogoutReason(reason: LogoutReason | null): void {
  lastLogoutReason = reason;
  if (reason) sessionStorage.setItem(SESSION_KEYS.logoutReason, reason);
  else sessionStorage.removeItem(SESSION_KEYS.logoutReason);
}

/** Clears the tab's stale session data (startup, spec section 4) but for why the last session ended. */
export function clearSessionStorage(): void {
  sessionStorage.clear();
  rememberLogoutReason(lastLogoutReason);
}
/** What the login page says after a logout the user did not ask for. */
const LOGOUT_NOTICES: Partial<Record<LogoutReason, string>> = {
  'session-ended': 'Your session has ended: you were logged out elsewhere. Please log in again.',
  'session-expired': 'Your session expired. Please log in again.',
  'password-changed': 'Your password was changed. Please log in again with the new password.',
};
const signedInListeners = new Set<() => void>();
const loggedOutListeners = new Set<() => void>();

export function isSignedIn(): boolean {
  return signedIn;
}

export function setSignedIn(value: boolean): void {
  if (signedIn === value) return;
  signedIn = value;
  signedInListeners.forEach((fn) => fn());
}

function subscribe(fn: () => void): () => void {
  signedInListeners.add(fn);
  return () => signedInListeners.delete(fn);
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}

/** Logged in is judged by the stored token. */
export function isLoggedIn(): boolean {
  return Boolean(getToken());
}

/** What the route guard looks at. */
export function sessionSnapshot(): SessionSnapshot {
  const user = getStoredUser();
  return { token: getToken(), hasUser: user != null, isChangePassword: user?.is_change_password };
}

export interface LoginDetails extends StoredUser {
  usertoken: string;
}

/** Stores a successful login: userinfo (object), usertoken, logedIn, parent_id and userId. */
export function saveLogin(details: LoginDetails): void {
  const { usertoken, ...user } = details;
  writeJson(localStorage, LOCAL_KEYS.userinfo, user);
  localStorage.setItem(LOCAL_KEYS.usertoken, usertoken);
  localStorage.setItem(LOCAL_KEYS.logedIn, 'true');
  localStorage.setItem(LOCAL_KEYS.parent_id, String(user.parent_id));
  localStorage.setItem(LOCAL_KEYS.userId, String(user.user_id));
  // The reality check counts the session from here (issue 25).
  localStorage.setItem(LOCAL_KEYS.loginAt, String(Date.now()));
  localStorage.removeItem(LOCAL_KEYS.realityCheckAt);
  // The balance shown until the first poll is this user's, never a previous session's.
  writeJson(sessionStorage, SESSION_KEYS.exposureBalance, {
    total_balance: user.total_balance,
    liability: user.liability,
    available_balance: user.available_balance,
  });
  // The welcome popup is flagged only for a user who is not forced to change the password.
  if (user.is_change_password === '0') localStorage.setItem(LOCAL_KEYS.openWelcomePopup, 'true');
  else localStorage.removeItem(LOCAL_KEYS.openWelcomePopup);
  rememberLogoutReason(null);
  setSignedIn(true);
}

/** Keeps a changed flag of the stored user (e.g. after the password was changed). */
export function updateStoredUser(patch: Partial<StoredUser>): void {
  const user = getStoredUser();
  if (user) writeJson(localStorage, LOCAL_KEYS.userinfo, { ...user, ...patch });
}

/**
 * Local logout: removes userinfo, usertoken, logedIn, parent_id, exposureBalance and the
 * launched games, sets signed-in to false and lets the app navigate to /login. `session-ended` or
 * `session-expired` when the server refused the session (401/403 on a call that carried a token),
 * `password-changed` after a password change, not when the user signed out.
 */
export function localLogout(reason: LogoutReason = 'signed-out'): void {
  rememberLogoutReason(reason);
  localStorage.removeItem(LOCAL_KEYS.userinfo);
  localStorage.removeItem(LOCAL_KEYS.usertoken);
  localStorage.removeItem(LOCAL_KEYS.logedIn);
  localStorage.removeItem(LOCAL_KEYS.parent_id);
  localStorage.removeItem(LOCAL_KEYS.loginAt);
  localStorage.removeItem(LOCAL_KEYS.realityCheckAt);
  sessionStorage.removeItem(SESSION_KEYS.exposureBalance);
  // The games this tab launched belong to the user leaving: the next one launches their own.
  sessionStorage.removeItem(SESSION_KEYS.launchedGames);
  setSignedIn(false);
  loggedOutListeners.forEach((fn) => fn());
}

/** Why the last logout happened, until somebody logs in again; null before any logout. */
export function logoutReason(): LogoutReason | null {
  return lastLogoutReason;
}

/** The session ended without the user signing out, and nobody has logged in since. */
export function sessionEnded(): boolean {
  return lastLogoutReason !== null && lastLogoutReason !== 'signed-out';
}

/** The login page's notice: why the last session ended, until someone logs in (null: nothing to say). */
export function logoutNotice(): string | null {
  return (lastLogoutReason && LOGOUT_NOTICES[lastLogoutReason]) ?? null;
}

/** Runs after every local logout (the app navigates to /login and drops cached queries). */
export function onLoggedOut(fn: () => void): () => void {
  loggedOutListeners.add(fn);
  return () => loggedOutListeners.delete(fn);
}
