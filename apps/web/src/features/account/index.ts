import { lazyPage } from '@/components';

// Account pages load on first visit, outside the bettor's first load (docs/performance.md).
export const AccountStatementPage = lazyPage(
  () => import('./components/account-statement-page'),
  (m) => m.AccountStatementPage,
);
export const ChangePasswordPage = lazyPage(
  () => import('./components/change-password-page'),
  (m) => m.ChangePasswordPage,
);
