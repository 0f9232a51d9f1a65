import type { ReactNode } from 'react';

/** A screen of the console: its hash path (under #/), its menu label, and what it shows. */
export interface ConsoleRoute {
  path: string;
  /** Shown in the menu when set; routes without one are reached from a screen (e.g. a user's page). */
  label?: string;
  element: ReactNode;
}
