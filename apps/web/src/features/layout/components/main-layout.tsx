import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LOCAL_KEYS } from '@/lib/storage';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SiteMessage } from './site-message';
import { SportsNav } from './sports-nav';
import { WelcomePopup } from './welcome-popup';
import './layout.css';

/** Header, site message, sports tabs, then the sidebar beside the page. */
export function MainLayout() {
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on, so any navigation closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const [welcome, setWelcome] = useState(() => localStorage.getItem(LOCAL_KEYS.openWelcomePopup) === 'true');
  const closeWelcome = () => {
    localStorage.removeItem(LOCAL_KEYS.openWelcomePopup);
    setWelcome(false);
  };

  return (
    <div className="app">
      <div className="app__top">
        <Header onMenu={() => setDrawerAt(pathname)} />
        <SiteMessage />
        <SportsNav />
      </div>
      <div className="app__body">
        <Sidebar open={drawerAt === pathname} onClose={() => setDrawerAt(null)} />
        <main className="app__content" data-testid="content">
          <Outlet />
        </main>
      </div>
      {welcome && <WelcomePopup onClose={closeWelcome} />}
    </div>
  );
}
