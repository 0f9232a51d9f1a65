export * from './common.ts';
export * from './envelope.ts';
export * from './settings.ts';
export * from './user.ts';
export * from './catalog.ts';
export * from './exposure.ts';
export * from './statement.ts';
export * from './endpoints.ts';
