import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The single row of site settings (every field of the contracts' GlobalSettings). */
export const globalSettings = pgTable(
  'global_settings',
  {
    id: integer('id').primaryKey().default(1),
    logo: text('logo').notNull(),
    siteMessage: text('site_message').notNull(),
    siteTitle: text('site_title').notNull(),
    favicon: text('favicon').notNull(),
    paymentGateway: text('payment_gateway', { enum: ['0', '1'] }).notNull(),
    isShowApk: text('is_show_apk', { enum: ['0', '1'] }).notNull(),
    bgPrimaryColor: text('bg_primary_color').notNull(),
    bgSecondryColor: text('bg_secondry_color').notNull(),
    textPrimaryColor: text('text_primary_color').notNull(),
    textSecondryColor: text('text_secondry_color').notNull(),
    otherColor: text('other_color').notNull(),
  },
  (t) => [check('global_settings_single_row_check', sql`${t.id} = 1`)],
);
