import { lazy } from 'react';

export { AuthLayout } from './components/auth-layout';
export { LoginPage } from './components/login-page';
export { logout } from './api/logout';
/** Loaded on demand: libphonenumber-js metadata is large and only sign-up needs it. */
export const SignUpPage = lazy(() => import('./components/sign-up-page'));
