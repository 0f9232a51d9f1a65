/**
 * Every react-query key of the console, in one place (as @/lib/query-keys is the bettors' app's):
 * each feature's api/ builds its queries' keys here, and what reaches into the cache from outside
 * a query (an invalidation after a send, a live nudge) uses the same prefixes. A prefix (`all`)
 * matches every key that starts with it, as react-query's `queryKey` filters do.
 *
 * The live nudges (ADR 36) refresh by prefix: 'downline' (a downline user's balance or exposure
 * moved) refreshes keys under ['console', 'downline'], 'payment_requests' those under
 * ['console', 'payments']; the dashboard sits under both.
 */
export const consoleKeys = {
  /** console/getMe: the caller's own account (the header's balance, a transfer's figures). */
  me: ['console', 'me'] as const,
  /** agent/getDashboard: under 'downline' and its 'payments', so either nudge refreshes it. */
  dashboard: ['console', 'downline', 'payments', 'dashboard'] as const,
  /** Under 'downline': balances, exposure and books move with every bet. */
  downline: {
    all: ['console', 'downline'] as const,
    /** agent/getDownline: one page of a level's users ('own': the caller's direct users). */
    list: (parentId: number | null, search: string, page: number, limit: number) =>
      ['console', 'downline', 'list', parentId ?? 'own', search, page, limit] as const,
    /** One downline user's page: its profile and its report tabs. */
    user: {
      profile: (userId: number) => ['console', 'downline', 'user', userId, 'profile'] as const,
      statement: <F extends object>(userId: number, filter: F, page: number, limit: number) =>
        ['console', 'downline', 'user', userId, 'statement', filter, page, limit] as const,
      bets: (userId: number, betType: string) => ['console', 'downline', 'user', userId, 'bets', betType] as const,
      profitLoss: <R extends object>(userId: number, range: R) =>
        ['console', 'downline', 'user', userId, 'pnl', range] as const,
      activity: (userId: number, filter: string, page: number, limit: number) =>
        ['console', 'downline', 'user', userId, 'activity', filter, page, limit] as const,
    },
    /** agent/getMarketBook: the book screen's (one market, or every open one)... */
    marketBook: (marketId: number | null) => ['console', 'downline', 'book', marketId ?? 'all'] as const,
    /** ...and the markets screen's, every market of one match. */
    matchBook: (matchId: number) => ['console', 'downline', 'book', 'match', matchId] as const,
    /**
     * The agents' business (ADR 48): what the caller and its accounts owe each other and make.
     * Under 'downline': a settled market or a recorded settlement moves them.
     */
    business: {
      /** agent/getSettlementLedger with a direct account ('upline': the caller's own with its parent). */
      ledger: (userId: number | null) => ['console', 'downline', 'business', 'ledger', userId ?? 'upline'] as const,
      collection: ['console', 'downline', 'business', 'collection'] as const,
      partyWinLoss: <R extends object>(range: R) => ['console', 'downline', 'business', 'party', range] as const,
      plusMinus: (matchId: number) => ['console', 'downline', 'business', 'plus-minus', matchId] as const,
    },
  },
  /** The bettors' catalog as the console reads it (a report's match picker): sports and a sport's matches. */
  catalog: {
    sports: ['console', 'catalog', 'sports'] as const,
    matches: (sportId: number, finished: boolean) => ['console', 'catalog', 'matches', sportId, finished] as const,
  },
  /** Under 'payments': the payment requests. */
  payments: {
    all: ['console', 'payments'] as const,
    requests: {
      all: ['console', 'payments', 'list'] as const,
      of: <F extends object>(filter: F) => ['console', 'payments', 'list', filter] as const,
    },
    receipt: (requestId: number) => ['console', 'payments', 'receipt', requestId] as const,
  },
  /** Who shares a mobile number or an address (ADR 41): moves with sign-ups and logins, not money, so no nudge refreshes it. */
  accounts: {
    shared: (by: string, page: number, limit: number) => ['console', 'accounts', 'shared', by, page, limit] as const,
  },
  /** Operator data that only the operator's own actions change. */
  operator: {
    sports: ['console', 'operator', 'sports'] as const,
    series: {
      all: ['console', 'operator', 'series'] as const,
      of: (sportId: number | null) => ['console', 'operator', 'series', sportId] as const,
    },
    /** operator/getMatches: the catalog's list and the results screen's (under the same prefix). */
    matches: {
      all: ['console', 'operator', 'matches'] as const,
      of: <F extends object>(filter: F) => ['console', 'operator', 'matches', filter] as const,
      ofResults: <F extends object>(filter: F) => ['console', 'operator', 'matches', 'results', filter] as const,
    },
    /** operator/getMatches of one match, for the screens opened at it. */
    match: {
      all: ['console', 'operator', 'match'] as const,
      of: (matchId: number | null) => ['console', 'operator', 'match', matchId] as const,
    },
    /** operator/getMarkets of one match: the markets screen's and the results screen's. */
    markets: {
      all: ['console', 'operator', 'markets'] as const,
      of: (matchId: number) => ['console', 'operator', 'markets', matchId] as const,
    },
    /** operator/getMarketBets of one market. */
    bets: {
      all: ['console', 'operator', 'bets'] as const,
      of: <F extends object>(filter: F) => ['console', 'operator', 'bets', filter] as const,
    },
    settlementPreview: <R>(request: R) => ['console', 'operator', 'preview', request] as const,
    auditLog: <F extends object>(filter: F) => ['console', 'operator', 'audit', filter] as const,
    casinoGames: ['console', 'operator', 'casino-games'] as const,
  },
};

/** The keys a nudge of this topic refreshes (the dashboard is under both). */
export function keysOfTopic(topic: 'downline' | 'payment_requests'): readonly (readonly string[])[] {
  return topic === 'downline' ? [['console', 'downline']] : [['console', 'payments'], ['console', 'downline', 'payments']];
}
