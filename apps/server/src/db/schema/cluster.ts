import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Work that must run in one process of a cluster (the feed simulator and its upkeep) is done by
 * the holder of its lease (ADR 37): a row per lease, renewed by its holder before `expires_at`,
 * taken over by another process once that time has passed (its holder died or hangs).
 */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
