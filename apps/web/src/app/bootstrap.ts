import { onUnauthorized } from '@/lib/api';
import { startConsoleClearTimer } from '@/lib/console-clear';
import { ROUTES, startupDecision } from '@/lib/guard';
import { queryClient } from '@/lib/query-client';
import { clearSessionStorage, isSignedIn, localLogout, onLoggedOut, setSignedIn } from '@/lib/session';
import { LOCAL_KEYS, getStoredUser, getToken } from '@/lib/storage';
import { createAppRouter, type AppRouter } from './router';

/** The path part of the hash route (`#/home?x=1` -> `/home`). */
function hashPath(): string {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Start-up of spec section 4: decide signed-in from storage (or clear the session and go to
 * /login), hook 401/403 to the local logout, start the console-clear timer, build the router.
 */
export function bootstrap(): AppRouter {
  const decision = startupDecision({
    pathname: hashPath(),
    hasUser: getStoredUser() != null,
    logedIn: localStorage.getItem(LOCAL_KEYS.logedIn) != null,
  });
  if (decision.signedIn) setSignedIn(true);
  if (decision.clearSession) clearSessionStorage();
  if (decision.redirectTo) window.history.replaceState(null, '', `#${decision.redirectTo}`);

  const router = createAppRouter();
  // A refused call that carried the token in use ends that session (the login page says so). A
  // late answer to a call of a session already gone (signed out, or replaced by a new login)
  // changes nothing: it must neither end the new session nor overwrite why the old one ended.
  // A refusal of a call that carried no token (sent after the logout, e.g. by a query of the
  // page being left) ends no session: it must not turn "your session has ended" into a sign-out.
  onUnauthorized(({ token, code }) => {
    if (token !== getToken()) return;
    if (token) localLogout(code === 'SESSION_EXPIRED' ? 'session-expired' : 'session-ended');
    else if (isSignedIn()) localLogout('signed-out');
  });
  onLoggedOut(() => {
    void router.navigate(ROUTES.login, { replace: true }).then(() => queryClient.clear());
  });
  startConsoleClearTimer();
  return router;
}
