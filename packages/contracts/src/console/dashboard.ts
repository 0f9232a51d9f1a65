/**
 * What the house stands to win or lose: the agent's dashboard (balances, P&L by period, pending
 * payments, the most exposed markets) and the market book per outcome.
 */
import { z } from 'zod';
import { MarketKind, MarketStatus, MarketType } from '../betting/index.ts';
import { Day, IdLike, Rupees } from '../common.ts';

// ---- dashboard -------------------------------------------------------------------------------

/**
 * What the house (the caller and its upline) won or lost in a period on one sport or on the
 * casino: the downline's losses less its wins, after commission. Positive: the house won.
 */
export const HousePnlRow = z.object({
  /** 'sport:4' or 'casino'. */
  key: z.string(),
  label: z.string(),
  kind: z.enum(['sport', 'casino']),
  house_pnl: Rupees,
  /**
   * The caller's own part of those results (ADR 48): its partnership share of each downline
   * bettor's result, less its part of the commission paid to the bettor. For the root, its share.
   */
  own_pnl: Rupees,
});
export type HousePnlRow = z.infer<typeof HousePnlRow>;

export const HousePnl = z.object({
  /** IST days, inclusive. */
  from_date: Day,
  to_date: Day,
  rows: z.array(HousePnlRow),
  total: Rupees,
  /** The rows' `own_pnl` summed. */
  own_total: Rupees,
});
export type HousePnl = z.infer<typeof HousePnl>;

export const ExposedMarket = z.object({
  market_id: z.number().int(),
  match_id: z.number().int(),
  sport_name: z.string(),
  match_name: z.string(),
  market_name: z.string(),
  kind: MarketKind,
  status: MarketStatus,
  /** The downline's liability on the market (a positive number). */
  exposure: Rupees,
  /** Downline users with a position. */
  users: z.number().int(),
});
export type ExposedMarket = z.infer<typeof ExposedMarket>;

export const Dashboard = z.object({
  /** The caller's own account. */
  own: z.object({ balance: Rupees, exposure: Rupees, available: Rupees }),
  /** Sums over the whole downline (every depth, the caller excluded). */
  downline: z.object({
    users: z.number().int(),
    agents: z.number().int(),
    balance: Rupees,
    exposure: Rupees,
    available: Rupees,
  }),
  /** Today (IST) and this week (Monday to today, IST). */
  today: HousePnl,
  week: HousePnl,
  pending_payments: z.object({
    deposits: z.number().int(),
    deposit_amount: Rupees,
    withdrawals: z.number().int(),
    withdrawal_amount: Rupees,
  }),
  /** Open markets with the downline's largest exposure, largest first (at most 10). */
  top_markets: z.array(ExposedMarket),
});
export type Dashboard = z.infer<typeof Dashboard>;

// ---- market analysis ("book") ------------------------------------------------------------------

export const MarketBookRequest = z
  .object({
    /** One market; absent (and no match_id): every open market where the downline has a position. */
    market_id: IdLike.optional(),
    /** Every market of one match, in one call (the console's markets screen, ADR 43). */
    match_id: IdLike.optional(),
  })
  .refine((v) => v.market_id === undefined || v.match_id === undefined, {
    path: ['match_id'],
    message: 'Give a market or a match, not both',
  });

export const BookRunner = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  status: z.string(),
  /** What the house wins (negative: loses) if this runner wins: minus the downline's combined position. */
  house_pnl: Rupees,
  /**
   * The caller's part of it (ADR 48): each bettor's position counted at the caller's share in
   * that bettor's chain, at the figures in force at its first bet on the market, rounded per
   * bettor as settlement splits it. Before commission.
   */
  own_pnl: Rupees,
});

/** Fancy: what the house (and the caller, its share) wins or loses for run totals from `from_runs` up to the next row's. */
export const BookFancyRow = z.object({ from_runs: z.number().int(), house_pnl: Rupees, own_pnl: Rupees });

export const MarketBook = ExposedMarket.extend({
  market_type: MarketType,
  runners: z.array(BookRunner),
  fancy: z.array(BookFancyRow),
});
export type MarketBook = z.infer<typeof MarketBook>;
