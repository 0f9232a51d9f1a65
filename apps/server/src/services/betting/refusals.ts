import { AppError } from '../../lib/errors.ts';

/** The betting refusals: a stable code and a message a bettor can read. */
export const refuse = {
  invalidOdds: (detail = 'These odds are not valid') => new AppError(400, 'INVALID_ODDS', detail),
  invalidStake: () =>
    new AppError(400, 'INVALID_STAKE', 'Stake must be a positive amount with at most 2 decimals'),
  belowMin: (minRupees: number) =>
    new AppError(400, 'BELOW_MIN_STAKE', `Minimum stake is ${formatRupees(minRupees)}`),
  aboveMax: (maxRupees: number) =>
    new AppError(400, 'ABOVE_MAX_STAKE', `Maximum stake is ${formatRupees(maxRupees)}`),
  maxProfit: (maxRupees: number) =>
    new AppError(400, 'MAX_PROFIT_EXCEEDED', `Maximum profit on this market is ${formatRupees(maxRupees)}`),
  insufficientFunds: () => new AppError(400, 'INSUFFICIENT_FUNDS', 'Insufficient balance'),
  suspended: () => new AppError(400, 'MARKET_SUSPENDED', 'Market suspended'),
  closed: () => new AppError(400, 'MARKET_CLOSED', 'Market closed'),
  runnerRemoved: () => new AppError(400, 'RUNNER_REMOVED', 'This runner has been removed'),
  oddsChanged: () => new AppError(400, 'ODDS_CHANGED', 'Odds have changed'),
  notFilled: (neededRupees: number, availableRupees: number) =>
    new AppError(
      400,
      'FILL_OR_KILL_NOT_FILLED',
      `Only ${formatRupees(availableRupees)} can be matched at these odds now, less than the ${formatRupees(neededRupees)} asked: nothing was placed`,
    ),
  ownBetCrossed: (odds: number) =>
    new AppError(
      400,
      'INVALID_BACK_LAY_COMBINATION',
      `This bet would match your own unmatched bet at ${odds}: cancel or change that bet first`,
    ),
  duplicate: () =>
    new AppError(409, 'DUPLICATE_BET', 'A different bet was already placed with this client_ref'),
  marketNotFound: () => new AppError(404, 'MARKET_NOT_FOUND', 'Market not found'),
  betNotFound: () => new AppError(404, 'BET_NOT_FOUND', 'Bet not found or nothing left to cancel'),
  notOpenHours: (hours: string) =>
    new AppError(400, 'MARKET_NOT_OPEN_HOURS', `This market takes bets only ${hours} IST`),
  wrongMarket: (message: string) => new AppError(400, 'VALIDATION_ERROR', message),
  invalid: (message: string) => new AppError(400, 'VALIDATION_ERROR', message),
};

const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
export const formatRupees = (rupees: number) => `₹${INR.format(rupees)}`;
