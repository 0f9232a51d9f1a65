export * from './money.ts';
export * from './ledger.ts';
export * from './ladder.ts';
export * from './order-book.ts';
export * from './pnl.ts';
export * from './racing.ts';
export * from './settlement.ts';
export * from './ledger-model.ts';
