import { z } from 'zod';
import { CasinoGameCode, CasinoRoundResult, StaticCasinoGame } from './casino.ts';
import { Day, IsoDate, Rupees } from './common.ts';

// The platform's casino calls (web app -> apps/server). The provider's wire shapes are in
// casino.ts; these are the bettor-facing answers built from them.

const Page = z.coerce.number().int().min(1, 'Page must be at least 1').default(1);

/** mac88/launchNewGame: type '1' desktop, '3' mobile (the original client sends strings). */
export const LaunchGameRequest = z.object({
  GameCode: z.string({ error: 'GameCode is required' }).trim().min(1, 'GameCode is required').max(40),
  type: z
    .union([z.literal('1'), z.literal('3'), z.literal(1), z.literal(3)], { error: 'type must be 1 (desktop) or 3 (mobile)' })
    .transform((t) => Number(t) as 1 | 3),
});
export type LaunchGameRequest = z.input<typeof LaunchGameRequest>;

/** GameUrl: the provider's one-time launch URL, opened in the full-page frame. */
export const LaunchGameAnswer = z.object({ GameUrl: z.string() });
export type LaunchGameAnswer = z.infer<typeof LaunchGameAnswer>;

/**
 * casino/getGameList: the provider's static list. `image` is relative to the site origin
 * ('api/upload/image/...'): the platform proxies the provider's artwork so pages stay same-origin.
 */
export const CasinoGameList = z.array(StaticCasinoGame);
export type CasinoGameList = z.infer<typeof CasinoGameList>;

export const CASINO_RESULT_PAGE_SIZE = 20;

/** casino/getCasinoResult: one game's finished rounds, newest first; date is an IST day. */
export const CasinoResultRequest = z.object({
  game_code: CasinoGameCode,
  /** IST day; empty or absent: every day. */
  date: z.preprocess((v) => (v === '' || v === null ? undefined : v), Day.optional()),
  page: Page,
  /** Rounds per page (the last-results strip asks for 10). */
  limit: z.coerce.number().int().min(1).max(50).default(CASINO_RESULT_PAGE_SIZE),
});
export type CasinoResultRequest = z.input<typeof CasinoResultRequest>;

export const CasinoResultPage = z.object({
  game_code: CasinoGameCode,
  gamename: z.string(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  rounds: z.array(CasinoRoundResult),
});
export type CasinoResultPage = z.infer<typeof CasinoResultPage>;

export const LIVE_CASINO_BETS_MAX_LIMIT = 100;

/** casino/getLiveCasinoBets: the caller's casino rounds between two IST days (inclusive). */
export const LiveCasinoBetsRequest = z
  .object({
    from_date: Day,
    to_date: Day,
    page: Page,
    limit: z.coerce
      .number()
      .int()
      .min(1, 'Limit must be at least 1')
      .max(LIVE_CASINO_BETS_MAX_LIMIT, `Limit must be at most ${LIVE_CASINO_BETS_MAX_LIMIT}`)
      .default(20),
  })
  .refine((v) => v.from_date <= v.to_date, { path: ['to_date'], message: 'From date must not be after to date' });
export type LiveCasinoBetsRequest = z.input<typeof LiveCasinoBetsRequest>;

/**
 * A bet's state: open (debited, round not settled), won / lost / push / partial (settled, as the
 * provider's credit says), rolled_back (the stake came back). Refused debits are not listed.
 */
export const CasinoBetState = z.enum(['open', 'won', 'lost', 'push', 'partial', 'rolled_back']);
export type CasinoBetState = z.infer<typeof CasinoBetState>;

export const LiveCasinoBet = z.object({
  transaction_id: z.string(),
  bet_id: z.string(),
  option: z.string(),
  option_name: z.string(),
  odds: z.number(),
  stake: Rupees,
  /** What came back (0 while open or lost; the stake when rolled back). */
  payout: Rupees,
  state: CasinoBetState,
  placed_at: IsoDate,
});
export type LiveCasinoBet = z.infer<typeof LiveCasinoBet>;

/** One round the caller played: its bets, totals and P&L (payout - stake of bets not rolled back). */
export const LiveCasinoRound = z.object({
  round_id: z.string(),
  game_code: z.string(),
  gamename: z.string(),
  /** First bet of the round. */
  date: IsoDate,
  settled_at: IsoDate.nullable(),
  /** open while any bet is open, else settled (or rolled_back when every bet was). */
  status: z.enum(['open', 'settled', 'rolled_back']),
  winner: z.string().nullable(),
  cards: z.array(z.string()),
  stake: Rupees,
  payout: Rupees,
  pnl: Rupees,
  bets: z.array(LiveCasinoBet),
});
export type LiveCasinoRound = z.infer<typeof LiveCasinoRound>;

export const LiveCasinoBetsPage = z.object({
  rows: z.array(LiveCasinoRound),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Over every round of the range, not only this page. */
  totals: z.object({ stake: Rupees, payout: Rupees, pnl: Rupees, open_stake: Rupees }),
});
export type LiveCasinoBetsPage = z.infer<typeof LiveCasinoBetsPage>;
