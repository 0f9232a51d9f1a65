import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { guardDecision, rootRedirect } from '@/lib/guard';
import { sessionSnapshot, setSignedIn } from '@/lib/session';

/** The logged-in area: a stored token and user data, and no pending forced password change. */
export function RequireSession() {
  const { pathname } = useLocation();
  const decision = guardDecision(pathname, sessionSnapshot());
  const signOut = decision.kind === 'redirect' && decision.signOut;
  useEffect(() => {
    if (signOut) setSignedIn(false);
  }, [signOut]);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/** `/` leads to home (or the forced password change) when logged in, else to login. */
export function RootRedirect() {
  return <Navigate to={rootRedirect(sessionSnapshot())} replace />;
}
