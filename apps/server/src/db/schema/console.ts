/**
 * The back-office console (ADR 36): the operator's audit log and the casino games switched off.
 */
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '@exchange/contracts';
import { users } from './users.ts';

/** One row per operator action that changed something: who, when, what, and the object before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_action_idx').on(t.action, t.id), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/** A casino game the operator switched off (absent: on). Hidden from the lobby; launches refused. */
export const casinoGameSettings = pgTable('casino_game_settings', {
  gameCode: text('game_code').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
