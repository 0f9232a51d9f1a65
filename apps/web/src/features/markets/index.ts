export { FancyMarkets } from './components/fancy-markets';
export type { MarketRulesTitle } from './components/market-rules';
export { MatchMarkets } from './components/match-markets';
export { RunnersMarket } from './components/runners-market';
