/**
 * The betting module's public surface (ADR 47): the service that places, cancels and settles
 * bets (BettingService, composing the bet path of ADR 31 and ADR 45), its commit events, and
 * the reads other modules show (market views, a runner's ladder and price history, bet lists,
 * P&L, positions, the cash-out quote).
 * Everything else in this folder is its insides.
 */
export { exposureDetail, settledBets, settledBetsBetween, userCurrentBets, type CurrentBetsFilter } from './bet-lists.ts';
export { cashOutQuote } from './cash-out-quote.ts';
export { type AutoCashOutEvent } from './auto-cash-outs.ts';
export { CommitFeed, type BetNotice, type BetWriteDone, type PlacementDone, type MarketCause, type MarketCommitted, type MatchCommitted } from './commits.ts';
export { SESSION_HOURS } from './hours.ts';
export { marketBets } from './market-bets.ts';
export { priceHistory, runnerLadder } from './market-data.ts';
export { remainingOf, type MarketState } from './market-state.ts';
export { marketView, matchMarkets, operatorMarketView, operatorMarkets, positionView } from './market-views.ts';
export { offHappenings, recordMatchEvents } from './match-events.ts';
export { withMatchOdds } from './match-odds-view.ts';
export { combinedPosition, positionFancyBook, positionPnl } from './positions.ts';
export { profitLoss, resultNetPaise, standingResults } from './profit-loss.ts';
export { type MarketCall, type MarketRouter } from './market-calls.ts';
export { BettingService, sessionHoursOf, type BetForLimits, type BetPathMode, type BettingOptions, type BettorCheck, type CreateMarketInput, type MakerQuote, type MarketAudit, type MarketFacts, type MatchHappening, type ResultInput } from './service.ts';
export { voidBet, voidReasonText } from './voids.ts';
