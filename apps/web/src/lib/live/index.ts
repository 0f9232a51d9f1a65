/**
 * Live push (ADR 22): one WebSocket per tab to `/ws`. Components call the hooks; everything else
 * (socket, back-off, resubscription, sequence checks, patching the query cache) stays inside.
 *
 * - `useLiveMarkets(marketIds)`: streams those markets into the cached `match/getMatchDetail`
 *   answers (price cells, status, in-play, rates, fancy lines, results, the caller's position).
 * - `useLiveUser()`: balance and exposure into the header's balance, bet changes invalidate the
 *   current-bets queries (keys starting with 'bet') and "My Market".
 * - `useLiveMarket(marketId)`: one market's live copy, for lists that show it without its match
 *   detail (undefined while not streamed: show what was polled).
 * - `useLiveStatus()`: 'open' while pushes flow.
 * - `usePriceFlash(shown)`: true for half a second after a box shows a new price (not when it empties).
 */
export { useLiveMarket, useLiveMarkets, useLiveStatus, useLiveUser, usePriceFlash } from './hooks';
export type { LiveStatus } from './connection';
export { onLiveMessage } from './instance';
