export * from './money.ts';
export * from './ledger.ts';
