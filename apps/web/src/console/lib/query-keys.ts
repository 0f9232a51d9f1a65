/**
 * Every react-query key of the console. The live nudges (ADR 36) refresh by prefix: 'downline'
 * (a downline user's balance or exposure moved) refreshes keys under ['console', 'downline'],
 * 'payment_requests' those under ['console', 'payments']; the dashboard sits under both.
 */
export const consoleKeys = {
  me: ['console', 'me'] as const,
  dashboard: ['console', 'downline', 'payments', 'dashboard'] as const,
  /** Under 'downline': balances, exposure and books move with every bet. */
  downline: (...rest: unknown[]) => ['console', 'downline', ...rest] as const,
  /** Under 'payments': the payment requests. */
  payments: (...rest: unknown[]) => ['console', 'payments', ...rest] as const,
  /** Who shares a mobile number or an address (ADR 41): moves with sign-ups and logins, not money, so no nudge refreshes it. */
  accounts: (...rest: unknown[]) => ['console', 'accounts', ...rest] as const,
  /** Operator data that only the operator's own actions change. */
  operator: (...rest: unknown[]) => ['console', 'operator', ...rest] as const,
};

/** The keys a nudge of this topic refreshes (the dashboard is under both). */
export function keysOfTopic(topic: 'downline' | 'payment_requests'): readonly (readonly string[])[] {
  return topic === 'downline' ? [['console', 'downline']] : [['console', 'payments'], ['console', 'downline', 'payments']];
}
