export { BetSlip } from './components/bet-slip';
export { MatchBets } from './components/match-bets';
