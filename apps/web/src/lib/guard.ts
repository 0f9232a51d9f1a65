/**
 * Where a navigation may go (spec sections 2 and 4), as pure functions of the path and what is
 * stored, so the rules can be tested without a browser.
 */

export const ROUTES = {
  login: '/login',
  signUp: '/sign-up',
  home: '/home',
  root: '/',
  changePassword: '/setting/change-password',
  rulesPage: '/page/rules',
} as const;

/** A sign-up route is recognised when the second path segment is sign-up (`/x/sign-up`), or `/sign-up`. */
export function isSignUpPath(pathname: string): boolean {
  const parts = pathname.split('/');
  return parts[1] === 'sign-up' || parts[2] === 'sign-up';
}

/** Paths an anonymous visitor may open: login, sign-up and the public rules page. */
export function isPublicPath(pathname: string): boolean {
  return pathname === ROUTES.login || isSignUpPath(pathname) || pathname === ROUTES.rulesPage;
}

export interface SessionSnapshot {
  /** The stored usertoken: its presence is what "logged in" means. */
  token: string | null;
  /** The stored userinfo object, if any. */
  hasUser: boolean;
  /** userinfo.is_change_password; '1' forces the change-password page. */
  isChangePassword?: '0' | '1' | string;
}

export interface StartupDecision {
  signedIn: boolean;
  /** Stale session data is cleared when the stored login is incomplete. */
  clearSession: boolean;
  /** Path to open instead of the requested one; null keeps the request. */
  redirectTo: string | null;
}

/**
 * At startup the user is signed in when stored userinfo and the logedIn flag exist. Otherwise
 * session storage is cleared and the user is sent to /login, unless on a sign-up or public path.
 */
export function startupDecision(input: {
  pathname: string;
  hasUser: boolean;
  logedIn: boolean;
}): StartupDecision {
  if (input.hasUser && input.logedIn) return { signedIn: true, clearSession: false, redirectTo: null };
  return {
    signedIn: false,
    clearSession: true,
    redirectTo: isPublicPath(input.pathname) ? null : ROUTES.login,
  };
}

export type GuardDecision =
  | { kind: 'allow' }
  /** signOut: the guard failed, so signed-in becomes false before redirecting. */
  | { kind: 'redirect'; to: string; signOut: boolean };

/**
 * The guard of the logged-in area: entry only with a stored token and stored user data (else
 * signed-in becomes false and the user goes to '/'); is_change_password '1' confines the user to
 * the change-password page.
 */
export function guardDecision(pathname: string, s: SessionSnapshot): GuardDecision {
  if (!s.token || !s.hasUser) return { kind: 'redirect', to: ROUTES.root, signOut: true };
  if (s.isChangePassword === '1' && pathname !== ROUTES.changePassword) {
    return { kind: 'redirect', to: ROUTES.changePassword, signOut: false };
  }
  return { kind: 'allow' };
}

/** Where the root route `/` leads: the logged-in area (through its guard) or the login screen. */
export function rootRedirect(s: SessionSnapshot): string {
  if (!s.token || !s.hasUser) return ROUTES.login;
  return s.isChangePassword === '1' ? ROUTES.changePassword : ROUTES.home;
}
