/**
 * Every react-query key of the web app, in one place (ADR 29). Features build their queries'
 * keys here, and the code that reaches into the cache from outside a feature (the live push's
 * market cache, a placed bet's refresh, the balance) uses the same prefixes, so a key cannot
 * drift from the code that patches or invalidates it. A prefix (`all`) matches every key that
 * starts with it, as react-query's `queryKey` filters do.
 */
export const queryKeys = {
  /** match/getMatchDetail: the match pages (game details, a race meeting), patched by the live push. */
  matchDetail: {
    all: ['match', 'detail'] as const,
    of: (matchId: number) => ['match', 'detail', matchId] as const,
  },
  /** match/getMatches: the match lists of each sport, their rows patched by the live push. */
  matchList: {
    all: ['catalog', 'matches'] as const,
    of: (sportId: number) => ['catalog', 'matches', sportId] as const,
  },
  /** match/getMatchVenueListByCountryCodeSportId: a racing sport's meetings of one IST day. */
  venues: {
    all: ['racing', 'venues'] as const,
    of: (sportId: number, date: string) => ['racing', 'venues', sportId, date] as const,
  },
  sports: ['catalog', 'sports'] as const,
  seriesHeader: ['catalog', 'seriesHeader'] as const,
  matchSearch: (text: string) => ['catalog', 'search', text] as const,
  cups: ['catalog', 'cups'] as const,
  /** The caller's bets: every key under `all` is refreshed when a bet changes (placed, matched, settled...). */
  bets: {
    all: ['bet'] as const,
    current: (matchId: number) => ['bet', 'current', matchId] as const,
    settled: (matchId: number) => ['bet', 'settled', matchId] as const,
    report: <F extends object>(filter: F) => ['bet', 'report', filter] as const,
    /** bet/getCashOut of a market (every fraction), and of one fraction: a bet change re-quotes it. */
    cashOut: (marketId: number) => ['bet', 'cashOut', marketId] as const,
    cashOutOf: (marketId: number, fraction: number) => ['bet', 'cashOut', marketId, fraction] as const,
  },
  /** market/getLadder of one exchange runner (the trading ladder), refetched on its market's pushed changes. */
  ladder: (marketId: number, selectionId: number) => ['market', 'ladder', marketId, selectionId] as const,
  /** "My Market": open exposure per match and market; a bet change refreshes it too. */
  exposureDetail: ['user', 'exposureDetail'] as const,
  balance: ['user', 'balance'] as const,
  buttonValues: ['user', 'buttonValues'] as const,
  /** user/getNotices: the unseen notices shown once on load (a voided bet). */
  notices: ['user', 'notices'] as const,
  /** user/getNotifications, its pages loaded so far (the bell's list and unread count), patched by the live push. */
  notifications: ['user', 'notifications'] as const,
  /** user/getSettings: the bettor's own settings (the kinds of notification received, the cash-out confirmation). */
  settings: ['user', 'settings'] as const,
  globalSettings: ['globalSetting'] as const,
  /** user/getSaferGambling: the bettor's limits and reality check (the limits page, the deposit page, the reminder). */
  saferGambling: ['user', 'saferGambling'] as const,
  /** user/getProfile (the user page, the security-auth page's status) and user/getActivityLog. */
  profile: ['user', 'profile'] as const,
  activityLog: {
    all: ['user', 'activityLog'] as const,
    of: <F extends object>(filter: F) => ['user', 'activityLog', filter] as const,
  },
  reports: {
    accountStatement: <F extends object>(filter: F) => ['report', 'accountStatement', filter] as const,
    profitLoss: <F extends object>(range: F) => ['report', 'profitLoss', range] as const,
    liveCasinoBets: <F extends object>(filter: F) => ['report', 'liveCasinoBets', filter] as const,
  },
  /** payment/*: where to pay the agent and the bettor's saved payout accounts; its requests. */
  payments: {
    all: ['payment'] as const,
    methods: ['payment', 'methods'] as const,
    statement: <F extends object>(filter: F) => ['payment', 'statement', filter] as const,
  },
  /** market/getPriceHistory of one exchange runner at one interval (the price chart). */
  priceHistory: (marketId: number, selectionId: number, interval: string) =>
    ['market', 'priceHistory', marketId, selectionId, interval] as const,
  casino: {
    games: ['casino', 'games'] as const,
    result: <F extends object>(filter: F) => ['casino', 'result', filter] as const,
  },
};

/** Whether `key` starts with `prefix` (react-query's partial matching of array keys). */
export function startsWithKey(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.every((part, i) => key[i] === part);
}
