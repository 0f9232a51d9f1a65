import { lazyPage } from '@/components';
import type { ConsoleRoute } from './types';

// The operator's screens load on first use, in chunks of their own: an agent never downloads them.
const CatalogPage = lazyPage(
  () => import('../features/catalog'),
  (m) => m.CatalogPage,
);
const MarketsPage = lazyPage(
  () => import('../features/markets'),
  (m) => m.MarketsPage,
);
const ResultsPage = lazyPage(
  () => import('../features/results'),
  (m) => m.ResultsPage,
);
const SettingsPage = lazyPage(
  () => import('../features/settings'),
  (m) => m.SettingsPage,
);
const AuditPage = lazyPage(
  () => import('../features/audit'),
  (m) => m.AuditPage,
);

/**
 * The operator's chunks, fetched once the console is idle after the operator signs in: a first
 * click on Catalog, Results or the audit log then waits for its data only, not for its code to
 * download and run on a busy machine (ADR 43). An agent never calls it.
 */
export function preloadOperatorPages(): void {
  for (const page of [CatalogPage, MarketsPage, ResultsPage, SettingsPage, AuditPage]) page.preload();
}

/** Screens for the operator (root) only, in menu order. */
export const OPERATOR_ROUTES: ConsoleRoute[] = [
  { path: 'catalog', label: 'Catalog', element: <CatalogPage /> },
  { path: 'catalog/match/:matchId', element: <MarketsPage /> },
  { path: 'results', label: 'Results', element: <ResultsPage /> },
  { path: 'settings', label: 'Site settings', element: <SettingsPage /> },
  { path: 'audit', label: 'Audit log', element: <AuditPage /> },
];
