/**
 * Betting calls: markets as the bettor sees them (getMatchDetail), a runner's ladder and price
 * history, placing and cancelling bets, current bets, the cash-out quote, the profit/loss report,
 * and the operator's market management.
 * Amounts are rupees (at most 2 decimals), exchange odds decimal (1.45), bookmaker rates and fancy
 * lines/rates whole numbers as shown in their boxes.
 */
export * from './market.ts';
export * from './market-data.ts';
export * from './bets.ts';
export * from './cash-out.ts';
export * from './update-bet.ts';
export * from './operator.ts';
