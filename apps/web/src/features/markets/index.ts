export { FancyMarkets } from './components/fancy-markets';
export type { MarketRulesTitle } from './components/market-rules';
export { MatchMarkets } from './components/match-markets';
export { OneClickBar } from './components/one-click-bar';
export { RunnersMarket } from './components/runners-market';
