/**
 * The one money writer (ADR 31): the only module that changes account balances
 * (`ledger_accounts.balance_paise`), reservations (`ledger_accounts.exposure_paise`), market
 * positions (`market_positions`) and postings (`ledger_transfers`). Every other module asks it;
 * `money-writer.test.ts` fails when any other file writes those tables.
 */
export * from './ledger.ts';
export * from './postings.ts';
export * from './exposures.ts';
export * from './bet-writer.ts';
// The bet statements' internals (the statement texts, PGlite's protocol calls) stay inside.
export { writeBetStatement } from './bet-statement.ts';
export { writeBetBatches, type BatchOutcome } from './bet-batch.ts';
export { writeBetLegs, type LegsResult } from './bet-legs.ts';
export * from './chips.ts';
export * from './bet-void.ts';
export * from './payments.ts';
