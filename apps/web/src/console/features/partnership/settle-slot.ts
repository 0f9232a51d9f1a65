import type { ReactNode } from 'react';

/** A direct account of the caller, as the reports name it. */
export interface Account {
  user_id: number;
  user_name: string;
}

/**
 * The settlement dialog, which the downline feature owns: the routes pass it in (ADR 29's slots),
 * so the ledger and the collection report can record cash without importing another feature.
 */
export type SettleSlot = (account: Account, onClose: () => void) => ReactNode;

/** Accounts in name order, for a picker. */
export const byName = <A extends Account>(accounts: readonly A[]) =>
  [...accounts].sort((a, b) => a.user_name.localeCompare(b.user_name, 'en', { numeric: true }));
