/** The operator's catalog: sports, series, matches and racing meetings with their races, hidden ones too. */
import { z } from 'zod';
import { IdLike, Int4, IsoDate } from '../common.ts';
import { CatalogName, Limit, Page, Search } from './fields.ts';

export const OperatorSport = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  order: z.number().int(),
  series: z.number().int(),
  matches: z.number().int(),
});
export type OperatorSport = z.infer<typeof OperatorSport>;

/** Edit a sport (name, shown or hidden, order); a new sport names its id. */
export const SaveSportRequest = z.object({
  sport_id: IdLike,
  /** true: a new sport with this id (409 CATALOG_CONFLICT when the id is taken); else an edit (404 when unknown). */
  create: z.boolean({ error: 'create must be true or false' }).optional(),
  name: CatalogName('Name'),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
  order: Int4.min(0),
});

export const OperatorSeriesRequest = z.object({ sport_id: IdLike });
export const OperatorSeries = z.object({
  series_id: z.number().int(),
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  matches: z.number().int(),
});
export type OperatorSeries = z.infer<typeof OperatorSeries>;

/** No series_id: a new series under the sport. */
export const SaveSeriesRequest = z.object({
  series_id: IdLike.optional(),
  sport_id: IdLike,
  name: CatalogName('Name'),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
});

export const OperatorMatchesRequest = z.object({
  /** Only this match, finished or not (a screen opened at one match, e.g. its markets). */
  match_id: IdLike.optional(),
  sport_id: IdLike.optional(),
  series_id: IdLike.optional(),
  search: Search,
  /** Also matches whose start is long past and every market settled (default false). */
  include_finished: z.boolean().optional(),
  page: Page,
  limit: Limit,
});
export type OperatorMatchesRequest = z.input<typeof OperatorMatchesRequest>;

export const OperatorMatch = z.object({
  match_id: z.number().int(),
  series_id: z.number().int(),
  series_name: z.string(),
  sport_id: z.number().int(),
  sport_name: z.string(),
  match_name: z.string(),
  start_time: IsoDate,
  in_play: z.boolean(),
  is_active: z.boolean(),
  venue: z.string().nullable(),
  /** Markets not yet settled. */
  open_markets: z.number().int(),
  /** Racing: the meeting's races. */
  races: z.array(z.object({ race_id: z.number().int(), name: z.string(), start_time: IsoDate })),
});
export type OperatorMatch = z.infer<typeof OperatorMatch>;

export const OperatorMatchesPage = z.object({
  rows: z.array(OperatorMatch),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type OperatorMatchesPage = z.infer<typeof OperatorMatchesPage>;

/** No match_id: a new match (or racing meeting) in the series. */
export const SaveMatchRequest = z.object({
  match_id: IdLike.optional(),
  series_id: IdLike,
  match_name: CatalogName('Match name'),
  /** ISO 8601 with an offset or Z. */
  start_time: z.iso.datetime({ offset: true, error: 'Start time must be an ISO date and time' }),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
  in_play: z.boolean({ error: 'in_play must be true or false' }).optional(),
  venue: z.string().trim().max(120, 'Venue is too long').optional(),
});

/** No race_id: a new race in the meeting (a racing match). */
export const SaveRaceRequest = z.object({
  race_id: IdLike.optional(),
  match_id: IdLike,
  name: CatalogName('Race name'),
  start_time: z.iso.datetime({ offset: true, error: 'Start time must be an ISO date and time' }),
});
export const OperatorRace = z.object({ race_id: z.number().int(), match_id: z.number().int(), name: z.string(), start_time: IsoDate });
export type OperatorRace = z.infer<typeof OperatorRace>;
