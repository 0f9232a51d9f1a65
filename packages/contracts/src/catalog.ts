import { z } from 'zod';
import { MarketStatus, MarketType, MarketView, PriceSize } from './betting/index.ts';
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

/**
 * One match state for every screen (ADR 27): not started, in play, or finished (with its
 * result when one was declared). The server derives it with `matchStateOf`; screens read it.
 */
export const MatchState = z.enum(['UPCOMING', 'IN_PLAY', 'FINISHED']);
export type MatchState = z.infer<typeof MatchState>;
/** The declared result of the match's main market (Match Odds, Winner, else Bookmaker). */
export const MatchResult = z.object({
  kind: z.enum(['WINNERS', 'VOID']),
  /** The winning runners' names (more than one on a dead heat); empty when void. */
  winners: z.array(z.string()),
});
export type MatchResult = z.infer<typeof MatchResult>;

/** What the state is derived from: the fixture row and the main market's result. */
export interface MatchFacts {
  inPlay: boolean;
  /** Still listed (is_active); the feed and the fixture refresh unlist a match that is over. */
  listed: boolean;
  /** The start time has passed. */
  started: boolean;
  result: MatchResult | null;
}

/** The one rule: a declared result, or a started fixture taken off the lists, is finished. */
export function matchStateOf(f: MatchFacts): MatchState {
  if (f.result !== null || (!f.inPlay && !f.listed && f.started)) return 'FINISHED';
  return f.inPlay ? 'IN_PLAY' : 'UPCOMING';
}

/** How every screen names the state: 'Upcoming', 'In-Play', 'Finished · Away won', 'Finished · Void'. */
export function matchStateLabel(m: { state: MatchState; result: MatchResult | null }): string {
  if (m.state === 'UPCOMING') return 'Upcoming';
  if (m.state === 'IN_PLAY') return 'In-Play';
  if (!m.result) return 'Finished';
  if (m.result.kind === 'VOID' || m.result.winners.length === 0) return 'Finished · Void';
  return `Finished · ${m.result.winners.join(' & ')} won`;
}

/**
 * A race's state (ADR 27, races): each race has its own off time. ABANDONED is a race that was
 * not run: past its off without markets (the server started after it), or voided (the feed
 * missed it, every runner withdrawn).
 */
export const RaceState = z.enum(['UPCOMING', 'IN_PLAY', 'FINISHED', 'ABANDONED']);
export type RaceState = z.infer<typeof RaceState>;

/** What a race's state is derived from: its off time, whether it has markets, its WIN market's result. */
export interface RaceFacts {
  started: boolean;
  hasMarkets: boolean;
  result: MatchResult | null;
}

/** The one rule for a race: a result finishes it (void: not run), the off sends it in play. */
export function raceStateOf(f: RaceFacts): RaceState {
  if (f.result !== null) return f.result.kind === 'VOID' ? 'ABANDONED' : 'FINISHED';
  if (!f.started) return 'UPCOMING';
  return f.hasMarkets ? 'IN_PLAY' : 'ABANDONED';
}

/** A meeting follows its races: upcoming until the first is off, finished when all are done. */
export function meetingStateOf(races: readonly RaceState[]): MatchState {
  if (races.every((r) => r === 'UPCOMING')) return 'UPCOMING';
  if (races.every((r) => r === 'FINISHED' || r === 'ABANDONED')) return 'FINISHED';
  return 'IN_PLAY';
}

/** How every racing screen names a race's state: 'Upcoming', 'Off', 'Won by X', 'Not run · void'. */
export function raceStateLabel(r: { state: RaceState; result: MatchResult | null }): string {
  if (r.state === 'UPCOMING') return 'Upcoming';
  if (r.state === 'IN_PLAY') return 'Off';
  if (r.state === 'ABANDONED') return r.result ? 'Abandoned · bets void' : 'Not run';
  const winners = r.result?.winners ?? [];
  if (winners.length === 0) return 'Finished';
  return winners.length > 1 ? `Dead heat · ${winners.join(' & ')}` : `Won by ${winners[0]}`;
}

/**
 * A market header's In-Play marker: never on a closed market; on a match's market only while the
 * match is in play, so a header never contradicts the match's state. A race's market (no match
 * state given: each race has its own off time) follows its own flag.
 */
export function marketShowsInPlay(market: { in_play: boolean; status: string }, state?: MatchState): boolean {
  if (!market.in_play || market.status === 'CLOSED') return false;
  return state === undefined || state === 'IN_PLAY';
}

const StateFields = {
  /** The match's state; `in_play` is true exactly when it is IN_PLAY. */
  state: MatchState,
  result: MatchResult.nullable(),
};

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
  ...StateFields,
});
export type Match = z.infer<typeof Match>;

/** One Match Odds runner in a match list: its best back and best lay (null when the side is empty). */
export const ListedRunnerPrice = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  back: PriceSize.nullable(),
  lay: PriceSize.nullable(),
});
/**
 * A match in match/getMatches with its Match Odds prices (the list's 1 / X / 2 boxes; an outright,
 * i.e. a WINNER market or more than three runners, lists its runners by name instead); null
 * without an open market. The flags drive the row's icons: fancy and bookmaker markets open on
 * the match, and its live score (the product's TV) running.
 */
export const MatchListItem = Match.extend({
  match_odds: z
    .object({
      market_id: z.number().int(),
      market_type: MarketType,
      status: MarketStatus,
      runners: z.array(ListedRunnerPrice),
    })
    .nullable(),
  /**
   * A session-only event (a binary session: no Match Odds market): its yes/no line, state and
   * trading hours, which the list shows instead of the 1 / X / 2 boxes; null otherwise.
   */
  session_line: MarketView.pick({
    market_id: true,
    name: true,
    status: true,
    in_play: true,
    fancy: true,
    session_hours: true,
  }).nullable(),
  has_fancy: z.boolean(),
  has_bookmaker: z.boolean(),
  /** A live score is running: the match is in play and its page shows a score line (the product's TV). */
  has_tv: z.boolean(),
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
          ...StateFields,
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
  /** The race's one state (`raceStateOf`) and its WIN market's result (void when abandoned). */
  state: RaceState,
  result: MatchResult.nullable(),
});
export const Venue = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  venue: z.string(),
  country_code: z.string(),
  /** The meeting's state, from all its races (`meetingStateOf`), as its match answers it. */
  state: MatchState,
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
