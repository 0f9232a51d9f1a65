import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { logout } from '../features/auth';
import { useConsoleLive } from '../lib/live';
import { useOwnAccountInHeader } from '../lib/own-account';
import { clearConsoleSession, isOperator, updateConsoleUser, useConsoleUser } from '../lib/session';
import type { ConsoleRoute } from '../routes/types';

function Menu({ title, routes }: { title?: string; routes: ConsoleRoute[] }) {
  const items = routes.filter((r) => r.label);
  if (items.length === 0) return null;
  return (
    <div className="console-nav__group">
      {title && <p className="console-nav__title">{title}</p>}
      {items.map((r) => (
        <NavLink key={r.path} to={`/${r.path}`} end={r.path === ''} className="console-nav__link" data-testid={`console-nav-${r.path || 'dashboard'}`}>
          {r.label}
        </NavLink>
      ))}
    </div>
  );
}

/** The console's frame: header (who, own balance, live state, sign out), the menu, the screen. */
export function ConsoleShell({ agentRoutes, operatorRoutes }: { agentRoutes: ConsoleRoute[]; operatorRoutes: ConsoleRoute[] }) {
  const user = useConsoleUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const live = useConsoleLive();
  const me = useOwnAccountInHeader();

  useEffect(() => {
    if (me.data) updateConsoleUser(me.data);
  }, [me.data]);
  const refetchMe = me.refetch;
  // A refused session (401: expired, revoked, locked) signs the console out; a refusal without a
  // token is a login's. A 403 refuses one call, not the session (the screen says why), except a
  // password change now due: the fresh getMe sends the console to the change-password page.
  useEffect(
    () =>
      onUnauthorized(({ token, httpStatus, code }) => {
        if (!token) return;
        if (httpStatus === 403) {
          if (code === 'PASSWORD_CHANGE_REQUIRED') void refetchMe();
          return;
        }
        clearConsoleSession(code === 'SESSION_EXPIRED' ? 'session-expired' : 'session-ended');
        navigate('/login', { replace: true });
      }),
    [navigate, refetchMe],
  );
  // The drawer closes when a screen is chosen.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  if (!user) return null;
  return (
    <div className={`console${menuOpen ? ' console--menu-open' : ''}`}>
      <header className="console-header">
        <button type="button" className="console-header__menu icon-btn" aria-label="Menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((v) => !v)}>
          ☰
        </button>
        <span className="console-header__brand">Back office</span>
        <span className={`console-header__live console-header__live--${live}`} title={live === 'open' ? 'Live' : 'Not live: figures refresh on their own less often'}>
          {live === 'open' ? 'Live' : 'Offline'}
        </span>
        <span className="console-header__who" data-testid="console-who">
          <strong>{user.user_name}</strong> <span className="muted">{isOperator(user) ? 'operator' : 'agent'}</span>
        </span>
        <span className="console-header__balance" data-testid="console-own-balance">
          Available <strong className="num">{formatAmount(user.available)}</strong>
        </span>
        <button type="button" className="btn btn--small btn--secondary" onClick={() => void signOut()} data-testid="console-sign-out">
          Sign out
        </button>
      </header>
      <nav className="console-nav" aria-label="Console">
        <Menu routes={agentRoutes} />
        {isOperator(user) && <Menu title="Operator" routes={operatorRoutes} />}
      </nav>
      <main className="console-main">
        <Outlet />
      </main>
    </div>
  );
}
