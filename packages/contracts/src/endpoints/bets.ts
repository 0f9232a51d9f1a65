/** The bettor's bets: placing, cancelling, listing them, and the exposure they hold. */
import { z } from 'zod';
import {
  CancelAllBetsRequest,
  CancelBetRequest,
  CancelledBet,
  CancelledBets,
  AutoCashOut,
  CashOutDone,
  ClearAutoCashOutRequest,
  ClearedAutoCashOut,
  CashOutOrder,
  CashOutQuote,
  CashOutRequest,
  CurrentBet,
  CurrentBetsRequest,
  PlacedBet,
  PlaceFancyBetRequest,
  PlaceMarketBetRequest,
  SetAutoCashOutRequest,
  SettledBet,
  SettledBetsRequest,
  UpdateBetRequest,
  UpdatedBet,
} from '../betting/index.ts';
import { ExposureDetail } from '../exposure.ts';
import { def, None } from './endpoint.ts';

export const exposureEndpoints = {
  getExposureDetail: def({
    method: 'GET',
    path: 'bet/getExposureDetail',
    auth: 'user',
    beforePasswordChange: true,
    summary: "The caller's open exposure per match and market (rows in data.data)",
    body: None,
    data: ExposureDetail,
  }),
} as const;

export const betEndpoints = {
  placeMarketBet: def({
    method: 'POST',
    path: 'bet/placeMarketBet',
    auth: 'user',
    summary: 'Back or lay a runner of an exchange market (matched against other bettors) or a bookmaker market (against the house)',
    body: PlaceMarketBetRequest,
    data: PlacedBet,
  }),
  placeFancyBet: def({
    method: 'POST',
    path: 'bet/placeFancyBet',
    auth: 'user',
    summary: 'YES (is_back 1) or NO (is_back 0) on a fancy or binary line at the line and rate shown',
    body: PlaceFancyBetRequest,
    data: PlacedBet,
  }),
  cancelBet: def({
    method: 'POST',
    path: 'bet/cancelBet',
    auth: 'user',
    summary: "Cancel the unmatched rest of one of the caller's exchange bets; its reserved liability is released",
    body: CancelBetRequest,
    data: CancelledBet,
  }),
  cancelAllBets: def({
    method: 'POST',
    path: 'bet/cancelAllBets',
    auth: 'user',
    summary: "Cancel the unmatched rest of every exchange bet of the caller's, in one market or (no market_id) everywhere; their reserved liability is released",
    body: CancelAllBetsRequest,
    data: CancelledBets,
  }),
  updateBet: def({
    method: 'POST',
    path: 'bet/updateBet',
    auth: 'user',
    summary: "Edit the unmatched rest of one of the caller's exchange bets: a new price places it anew (a new bet, in one step; refused, the old one stays), a smaller stake shrinks it in its place in the queue, persistence switches LAPSE/PERSIST",
    body: UpdateBetRequest,
    data: UpdatedBet,
  }),
  getCurrentBets: def({
    method: 'POST',
    path: 'bet/getCurrentBets',
    poll: true,
    auth: 'user',
    summary: "The caller's bets on markets not yet settled: matched, unmatched or all, newest first",
    body: CurrentBetsRequest,
    data: z.array(CurrentBet),
  }),
  getSettledBets: def({
    method: 'POST',
    path: 'bet/getSettledBets',
    auth: 'user',
    summary: "The caller's settled bets on one match, with each bet's result (won, lost, void) and P&L, newest first",
    body: SettledBetsRequest,
    data: z.array(SettledBet),
  }),
  getCashOut: def({
    method: 'POST',
    path: 'bet/getCashOut',
    auth: 'user',
    summary: "The caller's cash-out quote on a runner market now: the hedge bets, each runner's P&L after them and the value (read only)",
    body: CashOutRequest,
    data: CashOutQuote,
  }),
  cashOut: def({
    method: 'POST',
    path: 'bet/cashOut',
    auth: 'user',
    summary:
      "Cash out the caller's position on a runner market: the hedge bets placed together, fill-or-kill, all or none; CASH_OUT_PRICE_MOVED (with the new quote in data) when the value fell below min_value",
    body: CashOutOrder,
    data: CashOutDone,
  }),
  setAutoCashOut: def({
    method: 'POST',
    path: 'bet/setAutoCashOut',
    auth: 'user',
    summary:
      "Set (or replace) the caller's automatic cash out on a runner market: all of it, once, when the value reaches take_profit or a loss of stop_loss, with no browser open",
    body: SetAutoCashOutRequest,
    data: AutoCashOut,
  }),
  clearAutoCashOut: def({
    method: 'POST',
    path: 'bet/clearAutoCashOut',
    auth: 'user',
    summary: "Clear the caller's automatic cash out on a market (a manual cash out clears it too)",
    body: ClearAutoCashOutRequest,
    data: ClearedAutoCashOut,
  }),
} as const;
