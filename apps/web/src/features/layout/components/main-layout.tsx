import { useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteLogo } from '@/components';
import { LOCAL_KEYS, getStoredUser } from '@/lib/storage';
import { Header } from './header';
import { NoticesModal } from './notices-modal';
import { Sidebar } from './sidebar';
import { SiteMessage } from './site-message';
import { SportsNav } from './sports-nav';
import { WelcomePopup } from './welcome-popup';
import './layout.css';

/** What the layout shows of other features; the app passes them in (ADR 29). */
export interface LayoutSlots {
  /** The rules, in the header's Rules modal (features/rules). */
  rules: ReactNode;
  /** The header's notifications bell (features/notifications). */
  notifications: ReactNode;
  /** The live card games under the sidebar's 'Others' (features/casino). */
  cardGames: ReactNode;
  /** The user menu's SignOut (features/auth). */
  onSignOut: () => void;
}

/**
 * While the password must be changed the guard keeps the bettor on that page, so links would
 * lead nowhere: the layout shows the logo, the page and a way out (sign out), nothing else.
 */
function PasswordChangeLayout({ onSignOut }: Pick<LayoutSlots, 'onSignOut'>) {
  return (
    <div className="app">
      <div className="app__top">
        <header className="header" data-testid="header">
          <span className="header__logo">
            <SiteLogo />
          </span>
          <div className="header__right">
            <button type="button" className="header__link" onClick={onSignOut} data-testid="bare-sign-out">
              Sign out
            </button>
          </div>
        </header>
      </div>
      <main className="app__content" data-testid="content">
        <Outlet />
      </main>
    </div>
  );
}

/** Header, site message, sports tabs, then the sidebar beside the page. */
export function MainLayout({ rules, notifications, cardGames, onSignOut }: LayoutSlots) {
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on, so any navigation closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const [welcome, setWelcome] = useState(() => localStorage.getItem(LOCAL_KEYS.openWelcomePopup) === 'true');
  const closeWelcome = () => {
    localStorage.removeItem(LOCAL_KEYS.openWelcomePopup);
    setWelcome(false);
  };

  if (getStoredUser()?.is_change_password === '1') return <PasswordChangeLayout onSignOut={onSignOut} />;
  return (
    <div className="app">
      <div className="app__top">
        <Header
          onMenu={() => setDrawerAt(pathname)}
          rules={rules}
          notifications={notifications}
          onSignOut={onSignOut}
        />
        <SiteMessage />
        <SportsNav />
      </div>
      <div className="app__body">
        <Sidebar open={drawerAt === pathname} onClose={() => setDrawerAt(null)} cardGames={cardGames} />
        <main className="app__content" data-testid="content">
          <Outlet />
        </main>
      </div>
      {/* One dialog at a time: the notices after the welcome popup. */}
      {welcome ? <WelcomePopup onClose={closeWelcome} /> : <NoticesModal />}
    </div>
  );
}
