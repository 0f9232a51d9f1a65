import { lazyPage } from '@/components';

// Security auth and the user area load on first visit, outside the bettor's first load.
export const SecurityAuthPage = lazyPage(
  () => import('./components/security-auth-page'),
  (m) => m.SecurityAuthPage,
);
export const UserPage = lazyPage(
  () => import('./components/user-page'),
  (m) => m.UserPage,
);
