/**
 * The bettor's bets: placing (exchange, bookmaker, fancy), cancelling the unmatched rest, the
 * current and settled bets, and the profit/loss report.
 */
import { z } from 'zod';
import { BigIdLike, Day, IdLike, IsoDate, Rupees } from '../common.ts';
import { Balance } from '../user.ts';
import { MarketKind, MarketType } from './market.ts';

/** BACK / LAY on runners; YES / NO on fancy lines. */
export const BetSide = z.enum(['BACK', 'LAY', 'YES', 'NO']);
export type BetSide = z.infer<typeof BetSide>;
export const BetStatus = z.enum(['MATCHED', 'UNMATCHED', 'PARTIAL']);
export type BetStatus = z.infer<typeof BetStatus>;
export const Persistence = z.enum(['LAPSE', 'PERSIST']);

/** 1 / 0 as the original client sends it (numbers, strings or booleans). */
export const BackFlag = z
  .union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()], {
    error: 'is_back must be 1 or 0',
  })
  .transform((v) => (v === 1 || v === '1' || v === true ? 1 : 0));

/** A number as sent; the server refuses bad odds and stakes with their own codes (INVALID_ODDS, INVALID_STAKE). */
const Amount = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)], { error: 'Must be a number' })
  .transform(Number);

const ClientRef = z
  .string()
  .trim()
  .min(1, 'client_ref must not be empty')
  .max(64, 'client_ref is at most 64 characters');

export const PlaceMarketBetRequest = z.object({
  market_id: IdLike,
  selection_id: IdLike,
  is_back: BackFlag,
  /** Exchange: decimal odds on the ladder (1.01-1000). Bookmaker: the rate shown (45 = 1.45). */
  odds: Amount,
  stake: Amount,
  client_ref: ClientRef.optional(),
  /** Exchange: what happens to the unmatched rest at in-play or suspension; LAPSE by default. */
  persistence: Persistence.optional(),
  /**
   * Fill or kill: match what the book offers now at these odds or better and never rest. The bet
   * is what matched (its stake is the part filled); refused (FILL_OR_KILL_NOT_FILLED, nothing
   * placed) when less than `min_fill_stake` (the whole stake without it) can match.
   */
  fill_or_kill: z.boolean({ error: 'fill_or_kill must be true or false' }).optional(),
  /** With fill_or_kill: the least stake that must match, at most the stake. */
  min_fill_stake: Amount.optional(),
}).refine((b) => b.min_fill_stake === undefined || b.fill_or_kill === true, {
  message: 'min_fill_stake goes with fill_or_kill',
  path: ['min_fill_stake'],
});
export type PlaceMarketBetRequest = z.input<typeof PlaceMarketBetRequest>;

export const PlaceFancyBetRequest = z.object({
  fancy_id: IdLike,
  /** 1 = YES (back), 0 = NO (lay). */
  is_back: BackFlag,
  /** The line shown in the box. */
  run: Amount,
  /** The rate shown in the box. */
  rate: Amount,
  stake: Amount,
  client_ref: ClientRef.optional(),
});
export type PlaceFancyBetRequest = z.input<typeof PlaceFancyBetRequest>;

/** A placed bet, as answered at placement (and again for a repeated client_ref). */
export const PlacedBet = z.object({
  bet_id: z.number().int(),
  market_id: z.number().int(),
  selection_id: z.number().int().nullable(),
  kind: MarketKind,
  side: BetSide,
  is_back: z.union([z.literal(0), z.literal(1)]),
  /** The odds asked: decimal on the exchange and bookmaker (1 + rate/100), the rate on fancy. */
  odds: z.number(),
  /** Fancy: the line and rate; bookmaker: the rate. */
  run: z.number().int().nullable(),
  rate: z.number().int().nullable(),
  stake: Rupees,
  status: BetStatus,
  matched_stake: Rupees,
  unmatched_stake: Rupees,
  /** Average matched decimal odds (0 while nothing matched). */
  avg_odds: z.number(),
  placed_at: IsoDate,
  client_ref: z.string().nullable(),
  /** true when this answers a repeated client_ref: nothing moved. */
  repeated: z.boolean(),
  balance: Balance,
});
export type PlacedBet = z.infer<typeof PlacedBet>;

export const CancelBetRequest = z.object({ bet_id: BigIdLike });
export const CancelledBet = z.object({
  bet_id: z.number().int(),
  cancelled_stake: Rupees,
  matched_stake: Rupees,
  balance: Balance,
});
export type CancelledBet = z.infer<typeof CancelledBet>;

/** bet/cancelAllBets: every unmatched rest of the caller's in one market, or in every market without one. */
export const CancelAllBetsRequest = z.object({ market_id: IdLike.optional() });
export const CancelledBets = z.object({
  /** Each bet whose rest was cancelled, oldest first: what was cancelled and what stays matched. */
  bets: z.array(
    z.object({
      bet_id: z.number().int(),
      market_id: z.number().int(),
      cancelled_stake: Rupees,
      matched_stake: Rupees,
    }),
  ),
  /** The stakes cancelled in all. */
  cancelled_stake: Rupees,
  /** The caller's balance after (its exposure released). */
  balance: Balance,
});
export type CancelledBets = z.infer<typeof CancelledBets>;

export const CurrentBetsRequest = z.object({
  bet_type: z.enum(['matched', 'unmatched', 'all']).default('all'),
  sport_id: IdLike.optional(),
  match_id: IdLike.optional(),
});
export type CurrentBetsRequest = z.input<typeof CurrentBetsRequest>;

export const CurrentBet = z.object({
  bet_id: z.number().int(),
  sport_id: z.number().int(),
  sport_name: z.string(),
  match_id: z.number().int(),
  match_name: z.string(),
  market_id: z.number().int(),
  market_name: z.string(),
  market_type: MarketType,
  kind: MarketKind,
  selection_id: z.number().int().nullable(),
  selection_name: z.string(),
  side: BetSide,
  is_back: z.union([z.literal(0), z.literal(1)]),
  odds: z.number(),
  run: z.number().int().nullable(),
  rate: z.number().int().nullable(),
  stake: Rupees,
  matched_stake: Rupees,
  unmatched_stake: Rupees,
  avg_odds: z.number(),
  status: BetStatus,
  placed_at: IsoDate,
  /** Exchange: what the unmatched rest does at the in-play turn (LAPSE: cancelled; PERSIST: kept). */
  persistence: Persistence,
  /** A leg of a cash out: by the bettor (MANUAL) or its automatic rule (AUTO); null for an ordinary bet. */
  cash_out: z.enum(['MANUAL', 'AUTO']).nullable(),
});
export type CurrentBet = z.infer<typeof CurrentBet>;

export const BetOutcome = z.enum(['WON', 'LOST', 'VOID']);
export type BetOutcome = z.infer<typeof BetOutcome>;

/** Why the operator voids a settled winning bet (the rules' list). */
export const VOID_REASONS = ['VPN', 'ROBOT', 'MULTIPLE_ENTRIES', 'PUNCHING'] as const;
export const VoidReason = z.enum(VOID_REASONS, { error: 'Reason must be VPN, ROBOT, MULTIPLE_ENTRIES or PUNCHING' });

export const SettledBetsRequest = z.object({ match_id: IdLike });
/** A settled bet: as listed among current bets (requested `odds`, matched `avg_odds`), with its result. */
export const SettledBet = CurrentBet.extend({
  outcome: BetOutcome,
  /** The bet's own profit (negative: loss) before the market's commission; 0 when void. */
  pnl: Rupees,
  settled_at: IsoDate,
  /**
   * Set when the operator voided this winning bet for a rules breach (ADR 35): outcome is then
   * VOID and pnl 0, and `amount` is the win taken back.
   */
  voided: z.object({ reason: VoidReason, amount: Rupees, voided_at: IsoDate }).optional(),
});
export type SettledBet = z.infer<typeof SettledBet>;

export const ProfitLossRequest = z
  .object({ from_date: Day, to_date: Day })
  .refine((v) => v.from_date <= v.to_date, {
    path: ['to_date'],
    message: 'From date must not be after to date',
  });
export const ProfitLossRow = z.object({
  sport_id: z.number().int(),
  sport_name: z.string(),
  match_id: z.number().int(),
  match_name: z.string(),
  market_id: z.number().int(),
  market_name: z.string(),
  settled_at: IsoDate,
  /** Net result before commission (negative: a loss). */
  pnl: Rupees,
  commission: Rupees,
  /** pnl - commission. */
  net: Rupees,
});
export const ProfitLossReport = z.object({
  /** Settled markets of the period (IST days, inclusive), newest first; rolled-back results left out. */
  rows: z.array(ProfitLossRow),
  sports: z.array(z.object({ sport_id: z.number().int(), sport_name: z.string(), net: Rupees })),
  total: z.object({ pnl: Rupees, commission: Rupees, net: Rupees }),
});
export type ProfitLossReport = z.infer<typeof ProfitLossReport>;
