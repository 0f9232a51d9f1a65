import { lazyPage } from '@/components';

/**
 * One exchange runner's trading ladder (ADR 55), loaded on its first visit: traders open it, most
 * bettors never do, so its code stays out of the first load.
 */
export const LadderPage = lazyPage(
  () => import('./components/ladder-page'),
  (m) => m.LadderPage,
);
