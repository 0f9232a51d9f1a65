import { lazyPage } from '@/components';

// The settings page loads on first visit, outside the bettor's first load (docs/performance.md).
export const SettingsPage = lazyPage(
  () => import('./components/settings-page'),
  (m) => m.SettingsPage,
);
