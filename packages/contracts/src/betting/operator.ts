/**
 * The operator's market management (role root only): creating markets, their status, rates and
 * lines, non-runners, results and their rollback, and voiding a bet for a rules breach.
 */
import { z } from 'zod';
import { BigIdLike, IdLike, Int4, IsoDate, Rupees } from '../common.ts';
import { VoidReason } from './bets.ts';
import { MarketKind, MarketStatus, MarketType, MarketView } from './market.ts';

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
