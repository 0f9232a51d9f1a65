/**
 * Betting calls: markets as the bettor sees them (getMatchDetail), placing and cancelling bets,
 * current bets, the profit/loss report, and the operator's market management. Amounts are rupees
 * (at most 2 decimals), exchange odds decimal (1.45), bookmaker rates and fancy lines/rates whole
 * numbers as shown in their boxes.
 */
import { z } from 'zod';
import { BigIdLike, Day, IdLike, Int4, IsoDate, Rupees } from './common.ts';
import { Balance } from './user.ts';

export const MarketKind = z.enum(['EXCHANGE', 'BOOKMAKER', 'FANCY']);
export type MarketKind = z.infer<typeof MarketKind>;
/** MATCH_ODDS, horse WIN / PLACE and politics WINNER are exchange markets; BINARY is a fancy-style yes/no session line. */
export const MarketType = z.enum(['MATCH_ODDS', 'WIN', 'PLACE', 'WINNER', 'BOOKMAKER', 'FANCY', 'BINARY']);
export type MarketType = z.infer<typeof MarketType>;
export const MarketStatus = z.enum(['INACTIVE', 'OPEN', 'SUSPENDED', 'BALL_RUNNING', 'CLOSED']);
export type MarketStatus = z.infer<typeof MarketStatus>;
export const RunnerStatus = z.enum(['ACTIVE', 'WINNER', 'LOSER', 'PLACED', 'REMOVED']);
export type RunnerStatus = z.infer<typeof RunnerStatus>;
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

// ---- operator (role root only) -------------------------------------------------------------

export const BinarySession = z.enum(['INDEX', 'COMMODITY', 'US_INDEX']);
export type BinarySession = z.infer<typeof BinarySession>;

/** Stake limits of a market: more than 0 (the markets table refuses less). */
const PositiveRupees = Rupees.refine((v) => v > 0, 'Must be more than 0');
/** Percent with at most 2 decimals: the database keeps basis points. */
const Percent = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Number(v.toFixed(2)) === v, 'At most 2 decimals');

const FancyLineInput = z.object({
  no_line: Int4.min(0),
  no_rate: Int4.min(1),
  yes_line: Int4.min(0),
  yes_rate: Int4.min(1),
});

export const CreateMarketRequest = z.object({
  match_id: IdLike,
  race_id: IdLike.optional(),
  kind: MarketKind,
  market_type: MarketType,
  name: z.string().trim().min(1).max(120),
  /** Exchange and bookmaker: the runners; selection ids default to 1, 2, 3... */
  runners: z
    .array(
      z.object({
        selection_id: Int4.positive().optional(),
        name: z.string().trim().min(1).max(80),
      }),
    )
    .max(60)
    .optional(),
  status: MarketStatus.optional(),
  in_play: z.boolean().optional(),
  min_stake: PositiveRupees.optional(),
  max_stake: PositiveRupees.optional(),
  max_profit: PositiveRupees.optional(),
  bet_delay_ms: z.number().int().min(0).max(60_000).optional(),
  commission_percent: Percent.optional(),
  places: z.number().int().min(1).max(10).optional(),
  fancy: FancyLineInput.optional(),
  /** Binary markets: which trading hours apply. */
  session: BinarySession.optional(),
  /** Idempotent creation: the same key again returns the existing market. */
  external_key: z.string().min(1).max(120).optional(),
});
export type CreateMarketRequest = z.input<typeof CreateMarketRequest>;

export const MarketIdRequest = z.object({ market_id: IdLike });

export const SetMarketStatusRequest = z.object({
  market_id: IdLike,
  status: MarketStatus.exclude(['INACTIVE']),
  in_play: z.boolean().optional(),
});

export const SetBookmakerRatesRequest = z.object({
  market_id: IdLike,
  rates: z
    .array(
      z.object({
        selection_id: Int4,
        back_rate: z.number().int().min(1).max(99_899).nullable(),
        lay_rate: z.number().int().min(1).max(99_899).nullable(),
      }),
    )
    .min(1),
});

export const SetFancyLineRequest = FancyLineInput.extend({
  market_id: IdLike,
  status: MarketStatus.exclude(['INACTIVE', 'CLOSED']).optional(),
});

export const RemoveRunnerRequest = z.object({
  market_id: IdLike,
  selection_id: Int4,
  /** Percent with up to 2 decimals (16.2 = 16.2%). */
  reduction_factor: Percent,
});

export const DeclareResultRequest = z.object({
  market_id: IdLike,
  /** Exchange and bookmaker: the winning (or, on a PLACE market, placed) selections. */
  winner_ids: z.array(Int4).max(20).optional(),
  /** Places paid (default: the market's). More winners than places is a dead heat. */
  places: z.number().int().min(1).max(10).optional(),
  /** The winners that dead-heated for the last places (default: all winners, when there are more winners than places). */
  tied_ids: z.array(Int4).max(20).optional(),
  /** Fancy and binary: the final run total (or value). */
  runs: Int4.min(0).optional(),
});

export const OperatorMarket = MarketView.omit({ exposure: true, fancy_positions: true }).extend({
  version: z.number().int(),
  settlement_version: z.number().int(),
  open_orders: z.number().int(),
});
export type OperatorMarket = z.infer<typeof OperatorMarket>;

export const OperatorMarketsRequest = z.object({
  match_id: IdLike.optional(),
  /** Only markets not yet settled (default true). */
  open_only: z.boolean().optional(),
});

export const StatusChange = z.object({
  market_id: z.number().int(),
  status: MarketStatus,
  in_play: z.boolean(),
  /** Unmatched LAPSE orders cancelled by this change (or, closing, every unmatched order). */
  lapsed_bets: z.number().int(),
});
export type StatusChange = z.infer<typeof StatusChange>;

export const SettlementSummary = z.object({
  market_id: z.number().int(),
  settlement_version: z.number().int(),
  result: z.enum(['WINNERS', 'RUNS', 'VOID', 'ROLLED_BACK']),
  users: z.number().int(),
  transfers: z.number().int(),
  /** Sum of the users' net results (positive: the users won from the house / each other). */
  users_net: Rupees,
  commission: Rupees,
});
export type SettlementSummary = z.infer<typeof SettlementSummary>;

export const RemovedRunner = z.object({
  market_id: z.number().int(),
  selection_id: z.number().int(),
  reduction_factor: z.number(),
  cancelled_bets: z.number().int(),
});
export type RemovedRunner = z.infer<typeof RemovedRunner>;

/** Operator: void a settled winning bet and take its win back through the ledger (ADR 35). */
export const VoidBetRequest = z.object({
  bet_id: BigIdLike,
  reason: VoidReason,
  remark: z.string().trim().max(200, 'Remark is too long').optional(),
});
export type VoidBetRequest = z.infer<typeof VoidBetRequest>;

export const VoidedBet = z.object({
  bet_id: z.number().int(),
  user_id: z.number().int(),
  reason: VoidReason,
  /** The win taken back. */
  amount: Rupees,
  transfer_id: z.number().int(),
  /** The bettor's balance right after. */
  user_balance: Rupees,
  created_at: IsoDate,
});
export type VoidedBet = z.infer<typeof VoidedBet>;
