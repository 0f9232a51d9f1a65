import { DashboardPage } from '../features/dashboard';
import type { ConsoleRoute } from './types';

/** Screens for everyone who signs in to the console (agents and the operator), in menu order. */
export const AGENT_ROUTES: ConsoleRoute[] = [{ path: '', label: 'Dashboard', element: <DashboardPage /> }];
