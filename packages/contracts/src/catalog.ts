import { z } from 'zod';
import { MarketStatus, MarketView, PriceSize } from './betting.ts';
import { Day, IdLike, IsoDate } from './common.ts';

/** Special sport ids of the spec (section 9). */
export const SPORT = {
  CRICKET: 4,
  FOOTBALL: 1,
  TENNIS: 2,
  HORSE_RACING: 7,
  GREYHOUND_RACING: 4339,
  INDIAN_CASINO: -1,
  HIDDEN: -17,
  POLITICS: 2378961,
} as const;
export const RACING_SPORT_IDS: readonly number[] = [SPORT.HORSE_RACING, SPORT.GREYHOUND_RACING];

const ActiveFilter = z.union([z.number(), z.string(), z.boolean()]).optional();

/**
 * A sport or series filter: in this site family 0 and '' (and null or absent) mean every one,
 * so the original client's `{sport_id: 0}` lists them all.
 */
const IdFilter = z
  .union([z.literal(''), z.null(), IdLike])
  .optional()
  .transform((v) => (v === '' || v === null || v === 0 ? undefined : v));

export const Sport = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.number().int(),
  order: z.number().int(),
});
export type Sport = z.infer<typeof Sport>;

export const GetSportsRequest = z.object({
  sport_id: IdFilter,
  is_active: ActiveFilter,
});

export const Series = z.object({
  series_id: z.number().int(),
  name: z.string(),
  sport_id: z.number().int(),
  is_active: z.number().int(),
});
export type Series = z.infer<typeof Series>;

export const GetSeriesRequest = z.object({
  sport_id: IdFilter,
  is_active: ActiveFilter,
});

export const Match = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  /** Start time (spec field name kept as given). */
  match_Date: IsoDate,
  open_date: IsoDate,
  sport_id: z.number().int(),
  sport_name: z.string(),
  series_id: z.number().int(),
  series_name: z.string(),
  in_play: z.boolean(),
  is_active: z.number().int(),
});
export type Match = z.infer<typeof Match>;

/** One Match Odds runner in a match list: its best back and best lay (null when the side is empty). */
export const ListedRunnerPrice = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  back: PriceSize.nullable(),
  lay: PriceSize.nullable(),
});
/** A match in match/getMatches with its Match Odds prices (the list's 1 / X / 2 boxes); null without an open market. */
export const MatchListItem = Match.extend({
  match_odds: z
    .object({ market_id: z.number().int(), status: MarketStatus, runners: z.array(ListedRunnerPrice) })
    .nullable(),
});
export type MatchListItem = z.infer<typeof MatchListItem>;

export const GetMatchesRequest = z.object({
  sport_id: IdFilter,
  series_id: IdFilter,
  is_active: ActiveFilter,
});

export const SeriesHeaderRequest = z.object({
  is_sidebar_call: z.union([z.number(), z.string(), z.boolean()]).optional(),
});

/** Sidebar tree: sport -> series -> matches. */
export const SeriesHeaderSport = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  series: z.array(
    z.object({
      series_id: z.number().int(),
      name: z.string(),
      matches: z.array(
        z.object({
          match_id: z.number().int(),
          match_name: z.string(),
          match_Date: IsoDate,
          in_play: z.boolean(),
        }),
      ),
    }),
  ),
});
export type SeriesHeaderSport = z.infer<typeof SeriesHeaderSport>;

export const SearchRequest = z.object({ search: z.string().max(100) });
export const SearchResultGroup = z.object({
  sport_id: z.number().int(),
  sport_name: z.string(),
  matches: z.array(Match),
});
export type SearchResultGroup = z.infer<typeof SearchResultGroup>;

export const Cup = z.object({
  cup_id: z.number().int(),
  name: z.string(),
  sport_id: z.number().int(),
  series_id: z.number().int(),
});
export type Cup = z.infer<typeof Cup>;

export const CasinoSport = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.number().int(),
  order: z.number().int(),
});
export type CasinoSport = z.infer<typeof CasinoSport>;

export const VenueListRequest = z.object({
  /** Two-letter country code; '' or absent means every country. */
  country: z.string().max(2).optional(),
  /** yyyy-MM-dd in IST; absent means today. */
  date: Day.optional(),
  sport_id: IdLike,
});

export const Race = z.object({
  race_id: z.number().int(),
  name: z.string(),
  market_start_time: IsoDate,
});
export const Venue = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  venue: z.string(),
  country_code: z.string(),
  races: z.array(Race),
});
export type Venue = z.infer<typeof Venue>;
export const VenueList = z.object({
  countries: z.array(z.string()),
  venues: z.array(Venue),
});
export type VenueList = z.infer<typeof VenueList>;

export const MatchDetailRequest = z.object({ match_id: IdLike });
/** A match header with its markets (exchange, bookmaker, fancy) and the caller's positions. */
export const MatchDetail = Match.extend({
  /** Teams as split from the match name ("A v B"), empty for races and outrights. */
  teams: z.array(z.string()),
  score: z.string().nullable(),
  venue: z.string().nullable(),
  markets: z.array(MarketView),
});
export type MatchDetail = z.infer<typeof MatchDetail>;
