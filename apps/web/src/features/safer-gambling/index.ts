import { lazyPage } from '@/components';

// The limits page loads on first visit, outside the bettor's first load (docs/performance.md).
export const SaferGamblingPage = lazyPage(
  () => import('./components/safer-gambling-page'),
  (m) => m.SaferGamblingPage,
);
// The reminder is in every page's first load: small, and it must come wherever the bettor is.
export { RealityCheck } from './components/reality-check';
