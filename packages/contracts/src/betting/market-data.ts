/**
 * Market data a trader reads (exchange-rules.md): one exchange runner's whole ladder with the
 * money traded at each price and the caller's own unmatched stakes, and its traded prices over
 * time. Odds are decimal, amounts rupees of the backer's stake (a lay of 100 at 3.0 is 100 here).
 */
import { z } from 'zod';
import { IdLike, IsoDate, Rupees } from '../common.ts';

export const LadderRequest = z.object({ market_id: IdLike, selection_id: IdLike });
export type LadderRequest = z.input<typeof LadderRequest>;

/** One price of the ladder: the book's money each way, what traded there, and the caller's own. */
export const LadderLevel = z.object({
  price: z.number(),
  /** Available to back at this price: the unmatched lays resting there (everyone's, the caller's too). */
  back: Rupees,
  /** Available to lay at this price: the unmatched backs resting there. */
  lay: Rupees,
  /** Matched at this price so far. */
  traded: Rupees,
  /** The caller's own unmatched back stake resting at this price (part of `lay`). */
  my_back: Rupees,
  /** The caller's own unmatched lay stake resting at this price (part of `back`). */
  my_lay: Rupees,
});
export type LadderLevel = z.infer<typeof LadderLevel>;

export const Ladder = z.object({
  market_id: z.number().int(),
  selection_id: z.number().int(),
  /** The odds of the runner's last fill; null before its first. */
  last_traded_price: z.number().nullable(),
  /** Matched on the runner so far. */
  total_matched: Rupees,
  /**
   * Every price with money on it in any column, lowest odds first (at most the ladder's 350
   * prices). A settled market, or a non-runner, has no book: its levels show the traded money only.
   */
  levels: z.array(LadderLevel),
});
export type Ladder = z.infer<typeof Ladder>;

export const PRICE_HISTORY_INTERVALS = ['1s', '1m', '5m'] as const;
export const PriceHistoryInterval = z.enum(PRICE_HISTORY_INTERVALS, {
  error: "interval must be '1s', '1m' or '5m'",
});
export type PriceHistoryInterval = z.infer<typeof PriceHistoryInterval>;
/** The most intervals one answer spans: 10 minutes by the second, 10 hours by the minute, 50 hours by 5 minutes. */
export const PRICE_HISTORY_MAX_INTERVALS = 600;
/** A history's events are at most this many, the newest (a Test match has hundreds of boundaries). */
export const PRICE_HISTORY_MAX_EVENTS = 500;

export const PriceHistoryRequest = z.object({
  market_id: IdLike,
  selection_id: IdLike,
  interval: PriceHistoryInterval,
});
export type PriceHistoryRequest = z.input<typeof PriceHistoryRequest>;

/** One interval's trading: the first, highest, lowest and last traded odds, and the stake matched. */
export const PriceInterval = z.object({
  /** The interval's start (UTC; intervals are aligned on the epoch: whole seconds, minutes, 5 minutes). */
  start: IsoDate,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: Rupees,
});
export type PriceInterval = z.infer<typeof PriceInterval>;

/**
 * What happened in the match, as the chart marks it: the off (in play, a race's start), a
 * wicket, a boundary (four or six), a goal, and the market suspended or opened again by the feed
 * or the operator (a cricket market's ball-by-ball BALL_RUNNING is not one). Each is timed when
 * the platform applied it (the server's clock).
 */
export const MATCH_EVENT_KINDS = ['OFF', 'WICKET', 'BOUNDARY', 'GOAL', 'SUSPENDED', 'RESUMED'] as const;
export const MatchEventKind = z.enum(MATCH_EVENT_KINDS);
export type MatchEventKind = z.infer<typeof MatchEventKind>;

export const MatchEvent = z.object({
  at: IsoDate,
  kind: MatchEventKind,
  /** As a bettor reads it: "Wicket: 87/3 (12.4)", "Goal: 1-0 (34')", "Market suspended". */
  text: z.string(),
});
export type MatchEvent = z.infer<typeof MatchEvent>;

export const PriceHistory = z.object({
  market_id: z.number().int(),
  selection_id: z.number().int(),
  interval: PriceHistoryInterval,
  /**
   * Oldest first: the intervals with trades among the last PRICE_HISTORY_MAX_INTERVALS up to the
   * one holding the runner's last fill (the interval in progress included, so a settled market's
   * history ends at its last trade). An interval without trades is left out: its price is the
   * previous close. Empty before the first fill.
   */
  intervals: z.array(PriceInterval),
  /**
   * The match's events (and this market's own suspensions and reopenings, not another market's)
   * from the first interval's start to now, oldest first; all of them when there are no
   * intervals yet; the newest PRICE_HISTORY_MAX_EVENTS at most. A race's are its off and its
   * market's suspensions. Settled markets keep theirs.
   */
  events: z.array(MatchEvent),
});
export type PriceHistory = z.infer<typeof PriceHistory>;
