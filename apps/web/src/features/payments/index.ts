import { lazyPage } from '@/components';

// Payment pages load on first visit, outside the bettor's first load (docs/performance.md).
export const DepositWithdrawPage = lazyPage(
  () => import('./components/deposit-withdraw-page'),
  (m) => m.DepositWithdrawPage,
);
export const PaymentStatementPage = lazyPage(
  () => import('./components/payment-statement-page'),
  (m) => m.PaymentStatementPage,
);
