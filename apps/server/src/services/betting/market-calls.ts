/**
 * A bettor's call on one market (or the market maker's re-quote of it) as it travels to the process that matches that market (ADR 65):
 * plain data (JSON), so it can cross the broker; the service runs it the same way wherever it
 * arrived. Which process matches a market, and how a call gets there, is the cluster's business:
 * the service only asks its router.
 */
import type { FancyBetBody, MarketBetBody, PlaceOptions } from './bet-request.ts';
import type { BetEdit } from './bet-edits.ts';
import type { CashOutCall, CashOutOrigin } from './cash-outs.ts';
import type { MakerQuote } from './quotes.ts';

export type MarketCall =
  | { op: 'placeMarketBet'; userId: number; body: MarketBetBody; options: PlaceOptions }
  | { op: 'placeFancyBet'; userId: number; body: FancyBetBody; options: PlaceOptions }
  | { op: 'cancelBet'; userId: number; betId: number }
  | { op: 'cancelAllBets'; userId: number; marketId: number }
  | { op: 'updateBet'; userId: number; betId: number; edit: BetEdit }
  | { op: 'cashOut'; userId: number; call: CashOutCall; origin: CashOutOrigin }
  | { op: 'setAutoCashOut'; userId: number; body: AutoCashOutBody }
  | { op: 'clearAutoCashOut'; userId: number; marketId: number }
  | { op: 'replaceQuotes'; userId: number; marketId: number; cancelIds: readonly number[]; quotes: readonly MakerQuote[] };

export interface AutoCashOutBody {
  market_id: number;
  take_profit?: number | undefined;
  stop_loss?: number | undefined;
}

export interface MarketRouter {
  /**
   * The answer of `call` from the process that matches `marketId`; undefined when that is this
   * process, or when no other can be asked (alone, the broker away): the call then runs here, and
   * the market's version check at each write keeps it right.
   */
  forward(marketId: number, call: MarketCall): Promise<unknown> | undefined;
}
