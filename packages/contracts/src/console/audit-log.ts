/** The operator's audit log: one row per operator action that changed something. */
import { z } from 'zod';
import { Day, IsoDate } from '../common.ts';
import { Limit, Page, Search } from './fields.ts';

export const AUDIT_ACTIONS = [
  'sport.save',
  'series.save',
  'match.save',
  'race.save',
  'market.create',
  'market.update',
  'market.status',
  'market.bookmaker_rates',
  'market.fancy_line',
  'market.remove_runner',
  'market.declare',
  'market.void',
  'market.rollback',
  'bet.void',
  'settings.save',
  'casino_game.set',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditLogRequest = z.object({
  action: AuditAction.optional(),
  /** Text in the target or the actor's name. */
  search: Search,
  from_date: Day.optional(),
  to_date: Day.optional(),
  page: Page,
  limit: Limit,
});
export type AuditLogRequest = z.input<typeof AuditLogRequest>;

export const AuditRow = z.object({
  id: z.number().int(),
  at: IsoDate,
  actor_id: z.number().int(),
  actor_name: z.string(),
  action: AuditAction,
  /** 'market', 'match', 'sport', 'series', 'race', 'bet', 'settings', 'casino_game'. */
  target_type: z.string(),
  target_id: z.string(),
  /** A sentence for the screen, e.g. "Declared India the winner of Match Odds, India v Australia". */
  summary: z.string(),
  /** The changed object's fields before and after (null: it did not exist / was not kept). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const AuditLogPage = z.object({
  rows: z.array(AuditRow),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;
