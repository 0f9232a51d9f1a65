export { useCancelBet } from './api/current-bets';
export { BetSlip } from './components/bet-slip';
export { BetSlipProvider, useBetSlip } from './components/bet-slip-context';
export { FancyMarkets } from './components/fancy-markets';
export { MatchBets } from './components/match-bets';
export type { MarketRulesTitle } from './components/market-rules';
export { RunnersMarket } from './components/runners-market';
export { formatOdds, formatSize } from './lib/slip';
