/** The operator's market screens: limits and commission, a settlement's preview, a market's bets. */
import { z } from 'zod';
import { DeclareResultRequest } from '../betting/index.ts';
import { IdLike, IsoDate, Rupees } from '../common.ts';
import { CatalogName, Limit, Page, Search } from './fields.ts';

const PositiveRupees = Rupees.refine((v) => v > 0, 'Must be more than 0');

/** Limits, bet delay and commission of a market; only the fields given change. */
export const UpdateMarketRequest = z
  .object({
    market_id: IdLike,
    name: CatalogName('Name').optional(),
    min_stake: PositiveRupees.optional(),
    max_stake: PositiveRupees.optional(),
    max_profit: PositiveRupees.optional(),
    bet_delay_ms: z.number().int().min(0).max(60_000).optional(),
    commission_percent: z
      .number()
      .min(0)
      .max(100)
      .refine((v) => Number(v.toFixed(2)) === v, 'At most 2 decimals')
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 1, 'Give at least one field to change');

/** What a declaration, a void or a rollback would do, before it is done. */
export const SettlementPreviewRequest = z.discriminatedUnion('action', [
  DeclareResultRequest.extend({ action: z.literal('declare') }),
  z.object({ action: z.literal('void'), market_id: IdLike }),
  z.object({ action: z.literal('rollback'), market_id: IdLike }),
]);
export type SettlementPreviewRequest = z.input<typeof SettlementPreviewRequest>;

export const SettlementPreview = z.object({
  market_id: z.number().int(),
  action: z.enum(['declare', 'void', 'rollback']),
  /** Users whose balance would change. */
  users: z.number().int(),
  winners: z.number().int(),
  losers: z.number().int(),
  /** Sum of what is paid to winners (rollback: what is taken back from them). */
  paid_to_winners: Rupees,
  /** Sum of what losers lose (rollback: what is given back to them). */
  taken_from_losers: Rupees,
  commission: Rupees,
  /** What the house wins (negative: pays) with this action. */
  house_net: Rupees,
  /** Exposure released (declare, void) or reserved again (rollback). */
  exposure: Rupees,
  /** Unmatched bets that would be cancelled. */
  unmatched_bets: z.number().int(),
});
export type SettlementPreview = z.infer<typeof SettlementPreview>;

/** Bets of a market for the operator (to void one for a rules breach, ADR 35). */
export const OperatorMarketBetsRequest = z.object({
  market_id: IdLike,
  search: Search,
  page: Page,
  limit: Limit,
});
export const OperatorBet = z.object({
  bet_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  selection_name: z.string(),
  side: z.string(),
  price: z.number(),
  line: z.number().int().nullable(),
  stake: Rupees,
  matched: Rupees,
  status: z.string(),
  outcome: z.string().nullable(),
  pnl: Rupees.nullable(),
  voided: z.boolean(),
  ip: z.string().nullable(),
  placed_at: IsoDate,
});
export type OperatorBet = z.infer<typeof OperatorBet>;
export const OperatorBetsPage = z.object({
  rows: z.array(OperatorBet),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type OperatorBetsPage = z.infer<typeof OperatorBetsPage>;
