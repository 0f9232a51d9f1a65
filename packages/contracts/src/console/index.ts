/**
 * The back-office console's calls (ADR 36): what agents and the operator read and do at
 * `/console/`. Agent calls (role 'agent': an agent or the root) see only the caller's downline;
 * operator calls (role 'root') run the catalog, the markets, the results and the site. Every
 * operator call that changes something writes one audit row (who, when, what, before, after).
 */
export * from './session.ts';
export * from './dashboard.ts';
export * from './downline.ts';
export * from './catalog.ts';
export * from './markets.ts';
export * from './site.ts';
export * from './audit-log.ts';
