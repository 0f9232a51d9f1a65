import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sports = pgTable('sports', {
  sportId: integer('sport_id').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  order: integer('order').notNull(),
});

export const series = pgTable(
  'series',
  {
    seriesId: integer('series_id').primaryKey(),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.sportId),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('series_sport_id_idx').on(t.sportId)],
);

export const matches = pgTable(
  'matches',
  {
    matchId: integer('match_id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.seriesId),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.sportId),
    matchName: text('match_name').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    inPlay: boolean('in_play').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    venue: text('venue'),
    /** Two-letter country of a racing meeting. */
    countryCode: text('country_code'),
    score: text('score'),
    /**
     * The feed's game state beyond the score line, written with it (cricket: each innings' ball
     * log), so a restarted feed settles session lines on the figures they were decided at.
     */
    feedState: jsonb('feed_state'),
  },
  (t) => [index('matches_sport_id_idx').on(t.sportId, t.startTime), index('matches_series_id_idx').on(t.seriesId)],
);

/** Races of a racing meeting (a racing "match" is one venue on one day). */
export const races = pgTable(
  'races',
  {
    raceId: integer('race_id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.matchId),
    name: text('name').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  },
  (t) => [index('races_start_time_idx').on(t.startTime), index('races_match_id_idx').on(t.matchId)],
);

export const cups = pgTable('cups', {
  cupId: integer('cup_id').primaryKey(),
  name: text('name').notNull(),
  sportId: integer('sport_id')
    .notNull()
    .references(() => sports.sportId),
  seriesId: integer('series_id')
    .notNull()
    .references(() => series.seriesId),
});

export const casinoSports = pgTable('casino_sports', {
  sportId: integer('sport_id').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  order: integer('order').notNull(),
});
