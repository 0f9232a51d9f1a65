import { Link } from 'react-router';
import { SiteLogo } from '@/components';
import { isLoggedIn } from '@/lib/session';
import { RulesContent } from './rules-content';
import './rules.css';

/** The public rules page (/page/rules): reachable logged out, so it calls no authenticated API. */
export function RulesPage() {
  const home = isLoggedIn() ? '/home' : '/login';
  return (
    <div className="rules-page" data-testid="rules-page">
      <header className="rules-page__bar">
        <Link to={home} className="rules-page__logo" aria-label="Home">
          <SiteLogo />
        </Link>
        <Link to={home} className="btn btn--small rules-page__back" data-testid="rules-back">
          {home === '/home' ? 'Back to Home' : 'Login'}
        </Link>
      </header>
      <main className="rules-page__main">
        <section className="page-frame">
          <header className="page-frame__bar">
            <h1 className="page-frame__title">Rules</h1>
          </header>
          <div className="page-frame__body">
            <RulesContent />
          </div>
        </section>
      </main>
    </div>
  );
}
