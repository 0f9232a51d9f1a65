import { BookPage } from '../features/book';
import { DashboardPage } from '../features/dashboard';
import { DownlinePage, UserPage } from '../features/downline';
import { PaymentsPage } from '../features/payments';
import { SharedAccountsPage } from '../features/shared-accounts';
import type { ConsoleRoute } from './types';

/** Screens for everyone who signs in to the console (agents and the operator), in menu order. */
export const AGENT_ROUTES: ConsoleRoute[] = [
  { path: '', label: 'Dashboard', element: <DashboardPage /> },
  { path: 'downline', label: 'Downline', element: <DownlinePage /> },
  { path: 'downline/user/:userId', element: <UserPage /> },
  { path: 'payments', label: 'Payments', element: <PaymentsPage /> },
  { path: 'book', label: 'Market book', element: <BookPage /> },
  { path: 'shared', label: 'Shared accounts', element: <SharedAccountsPage /> },
];
