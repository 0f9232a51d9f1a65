export * from './users.ts';
export * from './ledger.ts';
export * from './casino.ts';
export * from './catalog.ts';
export * from './settings.ts';
export * from './betting.ts';
export * from './accounts.ts';
export * from './console.ts';
