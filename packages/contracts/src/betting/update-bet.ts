/**
 * Editing the unmatched rest of an exchange bet (exchange-rules.md, "Editing and cancelling
 * unmatched bets", Betfair API-NG's replaceOrders and updateOrders): a new price places the rest
 * anew (a new bet, at the back of the queue), a smaller stake shrinks the rest in its place,
 * a persistence switches LAPSE / PERSIST on it.
 */
import { z } from 'zod';
import { BigIdLike } from '../common.ts';
import { Persistence, PlacedBet } from './bets.ts';

/** A number as sent; the server refuses bad odds and stakes with their own codes (INVALID_ODDS, INVALID_STAKE). */
const Amount = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)], { error: 'Must be a number' })
  .transform(Number);

/** bet/updateBet: at least one of odds, stake, persistence. */
export const UpdateBetRequest = z.object({
  bet_id: BigIdLike,
  /**
   * A new price: the unmatched rest is cancelled and placed anew at these odds, in one step (a
   * new bet id, the back of the queue, matched at once where it crosses); if the new bet is
   * refused, the old one stays as it was.
   */
  odds: Amount.optional(),
  /**
   * Alone: the new unmatched stake, less than the rest now (the rest keeps its place in the
   * queue; an increase is a new bet). With odds: the new bet's stake (the rest without it).
   */
  stake: Amount.optional(),
  /** LAPSE or PERSIST for the rest (with odds: the new bet's; the old bet's without it). */
  persistence: Persistence.optional(),
});
export type UpdateBetRequest = z.input<typeof UpdateBetRequest>;

/** The bet as it now is (after a new price: the new bet, as placed), with the caller's balance. */
export const UpdatedBet = PlacedBet.extend({
  persistence: Persistence,
  /** After a new price: the bet whose rest was cancelled for this one; otherwise null. */
  replaced_bet_id: z.number().int().nullable(),
});
export type UpdatedBet = z.infer<typeof UpdatedBet>;
