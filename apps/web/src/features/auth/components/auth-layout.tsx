import { Outlet } from 'react-router';
import { SiteLogo } from '@/components';
import './auth.css';

/** The '' route: login and sign-up on the theme colour, logo on top. */
export function AuthLayout() {
  return (
    <main className="auth">
      <div className="auth__card">
        <div className="auth__logo">
          <SiteLogo />
        </div>
        <Outlet />
      </div>
    </main>
  );
}
