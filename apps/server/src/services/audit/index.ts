/** The operator's audit log (ADR 36): one row per action, written in the action's transaction. */
export * from './log.ts';
export { marketAudits } from './markets.ts';
