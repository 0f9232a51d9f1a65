import type { NotificationKind } from '@exchange/contracts';

/** Each kind of notification in the bettor's words, for the settings' switches. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  BET_MATCHED: 'Bets matched',
  BET_LAPSED: 'Unmatched bets lapsed',
  BET_CANCELLED: 'Unmatched bets cancelled by the market',
  MARKET_SETTLED: 'Markets settled',
  BET_VOIDED: 'Bets voided',
  CASH_OUT: 'Cash outs',
  AUTO_CASH_OUT_FIRED: 'Automatic cash outs done',
  AUTO_CASH_OUT_FAILED: 'Automatic cash outs not placed',
  PAYMENT_DECIDED: 'Deposits and withdrawals decided',
  CHIPS_MOVED: 'Chips moved by your agent',
  SAFER_GAMBLING: 'Your limits, breaks and exclusions (always sent)',
};

/** Where a notification about a match leads: its page (the redirect finds the sport or the race). */
export const matchPagePath = (matchId: number) => `/match/matchdetail/${matchId}`;
