export { CollectionPage } from './collection-page';
export { LedgerPage } from './ledger-page';
export { PartyWinLossPage } from './party-win-loss-page';
export { PlusMinusPage } from './plus-minus-page';
export type { SettleSlot } from './settle-slot';
