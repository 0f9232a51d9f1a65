import type { ConsoleRoute } from './types';

/** Screens for the operator (root) only, in menu order. */
export const OPERATOR_ROUTES: ConsoleRoute[] = [];
