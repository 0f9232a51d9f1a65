export * from './types.ts';
export * from './fair-core.ts';
export * from './fair.ts';
export * from './catalog.ts';
