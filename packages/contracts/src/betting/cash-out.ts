/**
 * Cash out (exchange-rules.md, "Cash out"): the caller's quote on one runner market now, the
 * hedge bets that make its P&L the same whatever wins, at the prices the book (or the house's
 * rates) offers at this moment. Read-only: nothing is placed.
 */
import { z } from 'zod';
import { CLIENT_REF_MAX_LENGTH, IdLike, Rupees } from '../common.ts';
import { Balance } from '../user.ts';

/**
 * How much of the position to cash out: a fraction in (0, 1] with at most 4 decimals (0.0001 is
 * the engine's basis point), 1 (all of it) when absent. A fraction rather than a percent, as the
 * rules write it ("a fraction f"); the UI's 25 / 50 / 75 / 100% buttons send 0.25 / 0.5 / 0.75 / 1.
 */
export const CashOutFraction = z
  .number({ error: 'fraction must be a number' })
  .finite('fraction must be a number')
  .gt(0, 'fraction must be above 0')
  .lte(1, 'fraction must be at most 1')
  .refine((v) => Number(v.toFixed(4)) === v, 'fraction has at most 4 decimals');

export const CashOutRequest = z.object({
  market_id: IdLike,
  fraction: CashOutFraction.default(1),
});
export type CashOutRequest = z.input<typeof CashOutRequest>;

/**
 * Why there is no cash out now: the caller's position is already even (or there is none); the
 * book cannot take the hedge; the market takes no bets now (suspended, ball running, closed or
 * settled); a fancy line (no runners to hedge); a market paying several places (the hedge evens
 * out single-winner outcomes only).
 */
export const CashOutReason = z.enum([
  'NOTHING_TO_CASH_OUT',
  'NOT_ENOUGH_LIQUIDITY',
  'MARKET_SUSPENDED',
  'BALL_RUNNING',
  'MARKET_CLOSED',
  'FANCY_MARKET',
  'SEVERAL_WINNERS',
]);
export type CashOutReason = z.infer<typeof CashOutReason>;

/** One hedge bet: placed fill-or-kill at `odds` (the worst level it reaches) or better. */
export const CashOutLeg = z.object({
  selection_id: z.number().int(),
  side: z.enum(['BACK', 'LAY']),
  /** Decimal odds (bookmaker: 1 + rate/100). */
  odds: z.number(),
  stake: Rupees,
  /** What the leg takes from each level of the book, best first, each at its own odds. */
  fills: z.array(z.object({ odds: z.number(), stake: Rupees })),
});
export type CashOutLeg = z.infer<typeof CashOutLeg>;

export const CashOutQuote = z.object({
  market_id: z.number().int(),
  /** The fraction quoted (1 when the request named none). */
  fraction: z.number(),
  available: z.boolean(),
  /** null when available. */
  reason: CashOutReason.nullable(),
  /** The reason in words, for the bettor; null when available. */
  reason_text: z.string().nullable(),
  /**
   * What the caller gets at least once the legs are matched: the least of pnl_after, before the
   * market's commission (charged at settlement on net winnings). null when unavailable.
   */
  value: Rupees.nullable(),
  /**
   * What the part cashed out locks in, the same whatever wins (before commission): the value of a
   * full cash out, f of it or a little more for a partial one (the rest of the position stays as
   * it is). What a Cash Out button shows. null when unavailable.
   */
  locked: Rupees.nullable(),
  /** Each runner's P&L if it wins after the legs (runners still in the market); empty when unavailable. */
  pnl_after: z.array(z.object({ selection_id: z.number().int(), pnl: Rupees })),
  /** The hedge bets, one a runner at most; empty when unavailable. */
  legs: z.array(CashOutLeg),
  /** The caller's automatic cash out on the market (bet/setAutoCashOut), or null. */
  auto_cash_out: z.object({ take_profit: Rupees.nullable(), stop_loss: Rupees.nullable() }).nullable(),
});
export type CashOutQuote = z.infer<typeof CashOutQuote>;

/**
 * bet/cashOut: the hedge placed, fill-or-kill at the quoted prices or better, all legs or none,
 * in one transaction; the caller's unmatched bets on the market are cancelled with it. In play it
 * waits the market's bet delay and is quoted again. If the value would then be below `min_value`
 * (the value quoted when the call arrived, when absent), nothing is placed and the refusal is
 * CASH_OUT_PRICE_MOVED with the new quote in `data`.
 */
export const CashOutOrder = z.object({
  market_id: IdLike,
  fraction: CashOutFraction.default(1),
  /** The least value the caller takes (rupees; negative for a loss locked in). */
  min_value: z.number({ error: 'min_value must be a number' }).finite('min_value must be a number').optional(),
  /** Once per client_ref: a repeat answers the first cash out and places nothing. */
  client_ref: z.string().trim().min(1, 'client_ref is required').max(CLIENT_REF_MAX_LENGTH, 'client_ref is too long'),
});
export type CashOutOrder = z.input<typeof CashOutOrder>;

export const CashOutDone = z.object({
  cash_out_id: z.number().int(),
  market_id: z.number().int(),
  fraction: z.number(),
  /** MANUAL: the bettor's call; AUTO: its automatic rule fired. */
  origin: z.enum(['MANUAL', 'AUTO']),
  /** What the bettor locked at least, before commission: the least of pnl_after. */
  value: Rupees,
  pnl_after: z.array(z.object({ selection_id: z.number().int(), pnl: Rupees })),
  /** The hedge bets placed, each matched whole (odds: the average it matched at). */
  bets: z.array(
    z.object({
      bet_id: z.number().int(),
      selection_id: z.number().int(),
      side: z.enum(['BACK', 'LAY']),
      odds: z.number(),
      stake: Rupees,
    }),
  ),
  /** The caller's unmatched bets on the market that the cash out cancelled. */
  cancelled_bet_ids: z.array(z.number().int()),
  /** The caller's balance after. */
  balance: Balance,
});
export type CashOutDone = z.infer<typeof CashOutDone>;

/**
 * bet/setAutoCashOut: the caller's automatic cash out on a runner market, kept on the server: all
 * of the position is cashed out once, with no browser open, when the value reaches `take_profit`
 * or falls to minus `stop_loss` (both rupees above 0, at least one). Setting it again replaces it.
 */
export const SetAutoCashOutRequest = z
  .object({
    market_id: IdLike,
    /** Cash out once the value is at least this. */
    take_profit: z.number({ error: 'take_profit must be a number' }).finite('take_profit must be a number').positive('take_profit must be above 0').optional(),
    /** Cash out once the value is a loss of at least this. */
    stop_loss: z.number({ error: 'stop_loss must be a number' }).finite('stop_loss must be a number').positive('stop_loss must be above 0').optional(),
  })
  .refine((v) => v.take_profit !== undefined || v.stop_loss !== undefined, 'Give take_profit, stop_loss or both');
export type SetAutoCashOutRequest = z.input<typeof SetAutoCashOutRequest>;

export const ClearAutoCashOutRequest = z.object({ market_id: IdLike });

/** The caller's automatic cash out on a market, and the full cash out's quote now (its auto_cash_out is the rule). */
export const AutoCashOut = z.object({
  market_id: z.number().int(),
  take_profit: Rupees.nullable(),
  stop_loss: Rupees.nullable(),
  /** The full cash out's quote now: the rule fires when its value reaches a bound. */
  quote: CashOutQuote,
});
export type AutoCashOut = z.infer<typeof AutoCashOut>;

export const ClearedAutoCashOut = z.object({
  market_id: z.number().int(),
  /** false when there was no rule on the market. */
  cleared: z.boolean(),
});
export type ClearedAutoCashOut = z.infer<typeof ClearedAutoCashOut>;
