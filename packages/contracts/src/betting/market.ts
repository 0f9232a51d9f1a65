/**
 * Markets as the bettor sees them (getMatchDetail, live frames): kind, type and status, the
 * runners with their best prices or bookmaker rates, the fancy boxes, and the caller's position.
 */
import { z } from 'zod';
import { IsoDate, Rupees } from '../common.ts';

export const MarketKind = z.enum(['EXCHANGE', 'BOOKMAKER', 'FANCY']);
export type MarketKind = z.infer<typeof MarketKind>;
/** MATCH_ODDS, horse WIN / PLACE and politics WINNER are exchange markets; BINARY is a fancy-style yes/no session line. */
export const MarketType = z.enum(['MATCH_ODDS', 'WIN', 'PLACE', 'WINNER', 'BOOKMAKER', 'FANCY', 'BINARY']);
export type MarketType = z.infer<typeof MarketType>;
export const MarketStatus = z.enum(['INACTIVE', 'OPEN', 'SUSPENDED', 'BALL_RUNNING', 'CLOSED']);
export type MarketStatus = z.infer<typeof MarketStatus>;
export const RunnerStatus = z.enum(['ACTIVE', 'WINNER', 'LOSER', 'PLACED', 'REMOVED']);
export type RunnerStatus = z.infer<typeof RunnerStatus>;

/** A price level of the book: decimal odds and the stake available there (backer's stake). */
export const PriceSize = z.object({ price: z.number(), size: Rupees });
export type PriceSize = z.infer<typeof PriceSize>;

export const RunnerView = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  status: RunnerStatus,
  /** Non-runner's reduction factor in percent (0 unless removed). */
  reduction_factor: z.number(),
  /** Exchange: up to 3 best prices to back (highest first) and to lay (lowest first). */
  back: z.array(PriceSize),
  lay: z.array(PriceSize),
  /** Bookmaker: the house's rates (45 = decimal 1.45); null while not offered. */
  back_rate: z.number().int().nullable(),
  lay_rate: z.number().int().nullable(),
  /** Exchange: the odds of the runner's last fill; null before its first (and on house markets). */
  last_traded_price: z.number().nullable(),
  /** Exchange: the stake matched on the runner so far (the backer's stake of every fill; 0 on house markets). */
  total_matched: Rupees,
  /** The caller's profit (negative: loss) if this runner wins, from matched bets. */
  position: Rupees,
});
export type RunnerView = z.infer<typeof RunnerView>;

export const FancyLine = z.object({
  no_line: z.number().int().nullable(),
  no_rate: z.number().int().nullable(),
  yes_line: z.number().int().nullable(),
  yes_rate: z.number().int().nullable(),
});
export type FancyLine = z.infer<typeof FancyLine>;

/** The caller's fancy book: P&L for run totals from `from_runs` up to the next row's. */
export const FancyPositionRow = z.object({ from_runs: z.number().int(), pnl: Rupees });

export const MarketView = z.object({
  market_id: z.number().int(),
  match_id: z.number().int(),
  /** Racing: the race the WIN / PLACE market is for. */
  race_id: z.number().int().nullable(),
  name: z.string(),
  kind: MarketKind,
  market_type: MarketType,
  status: MarketStatus,
  in_play: z.boolean(),
  start_time: IsoDate,
  min_stake: Rupees,
  max_stake: Rupees,
  max_profit: Rupees,
  /** In play, a bet waits this long and is checked again before it matches. */
  bet_delay_ms: z.number().int(),
  commission_percent: z.number(),
  places: z.number().int(),
  runners: z.array(RunnerView),
  /** Exchange: the stake matched on the market so far, every runner's (0 on house markets). */
  total_matched: Rupees,
  /**
   * Grows with every change committed to the market, so the push sends a delta for each one even
   * when the best three prices each way stay the same: the trading ladder, which shows every
   * price, reads the whole book again when it moves (ADR 55).
   */
  version: z.number().int(),
  /** Fancy and binary markets: the NO and YES boxes. */
  fancy: FancyLine.nullable(),
  /** Binary sessions: IST hours bets are taken ("10:00"-"14:30"), Monday to Friday only when weekdays_only. */
  session_hours: z.object({ open: z.string(), close: z.string(), weekdays_only: z.boolean() }).nullable(),
  /** The caller's liability on this market (a positive number, 0 when none). */
  exposure: Rupees,
  /** Fancy: the caller's P&L by run total (empty without bets). */
  fancy_positions: z.array(FancyPositionRow),
  /** Set once the market is settled. */
  result: z
    .object({
      kind: z.enum(['WINNERS', 'RUNS', 'VOID']),
      winner_ids: z.array(z.number().int()),
      runs: z.number().int().nullable(),
      settled_at: IsoDate.nullable(),
    })
    .nullable(),
});
export type MarketView = z.infer<typeof MarketView>;
