/**
 * A bettor's notifications and its own settings (issue 23, ADR 51). A notification is stored once
 * per user and event: `event_key` names the event (e.g. "matched:812:10000", "settled:44:1"), and
 * a second telling of it (a retry, a second listener) finds it there and stores nothing. A user
 * without a `user_settings` row has the defaults.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type NotificationKind } from '@exchange/contracts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** The event told, unique per user: telling it again stores nothing. */
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    marketId: integer('market_id'),
    matchId: integer('match_id'),
    /** The money it is about (a P&L, a cash out's value, an amount moved), when there is one. */
    amountPaise: bigint('amount_paise', { mode: 'number' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_user_event_idx').on(t.userId, t.eventKey),
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** The bettor's own settings; a user without a row has these defaults. */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Ask before a cash out is placed. */
  confirmCashOut: boolean('confirm_cash_out').notNull().default(true),
  /** The kinds of notification stored (and pushed) for the user. */
  notificationKinds: jsonb('notification_kinds')
    .$type<NotificationKind[]>()
    .notNull()
    .default([...NOTIFICATION_KINDS]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
