export { DownlinePage } from './downline-page';
export { SettlementDialog, type SettlementAccount } from './settlement-dialog';
export { UserPage } from './user-page';
