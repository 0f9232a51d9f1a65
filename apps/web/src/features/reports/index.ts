import { lazyPage } from '@/components';

// Reports load on first visit, outside the bettor's first load (docs/performance.md).
export const CurrentBetsPage = lazyPage(
  () => import('./components/current-bets-page'),
  (m) => m.CurrentBetsPage,
);
export const ProfitLossPage = lazyPage(
  () => import('./components/profit-loss-page'),
  (m) => m.ProfitLossPage,
);
