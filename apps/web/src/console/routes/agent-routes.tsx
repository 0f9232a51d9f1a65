import { BookPage } from '../features/book';
import { DashboardPage } from '../features/dashboard';
import { DownlinePage, SettlementDialog, UserPage } from '../features/downline';
import { CollectionPage, LedgerPage, PartyWinLossPage, PlusMinusPage, type SettleSlot } from '../features/partnership';
import { PaymentsPage } from '../features/payments';
import { SharedAccountsPage } from '../features/shared-accounts';
import type { ConsoleRoute } from './types';

/** The reports record cash with the downline's settlement dialog (ADR 29: a slot the routes fill). */
const settle: SettleSlot = (account, onClose) => <SettlementDialog account={account} onClose={onClose} />;

/** Screens for everyone who signs in to the console (agents and the operator), in menu order. */
export const AGENT_ROUTES: ConsoleRoute[] = [
  { path: '', label: 'Dashboard', element: <DashboardPage /> },
  { path: 'downline', label: 'Downline', element: <DownlinePage /> },
  { path: 'downline/user/:userId', element: <UserPage /> },
  { path: 'payments', label: 'Payments', element: <PaymentsPage /> },
  { path: 'book', label: 'Market book', element: <BookPage /> },
  { path: 'collection', label: 'Collection report', element: <CollectionPage settle={settle} /> },
  { path: 'ledger', label: 'Settlement ledger', element: <LedgerPage settle={settle} /> },
  { path: 'party-win-loss', label: 'Party win/loss', element: <PartyWinLossPage /> },
  { path: 'plus-minus', label: 'Plus-minus', element: <PlusMinusPage /> },
  { path: 'shared', label: 'Shared accounts', element: <SharedAccountsPage /> },
];
