/**
 * Live push (ADR 22): one WebSocket per tab to `/ws`. Components call the hooks; everything else
 * (socket, back-off, resubscription, sequence checks, patching the query cache) stays inside.
 *
 * - `useLiveMarkets(marketIds)`: streams those markets into the cached `match/getMatchDetail`
 *   answers (price cells, status, in-play, rates, fancy lines, results, the caller's position).
 * - `useLiveUser()`: balance and exposure into the header's balance, bet changes invalidate the
 *   current-bets queries (keys starting with 'bet') and "My Market".
 * - `useLiveStatus()`: 'open' while pushes flow.
 */
export { useLiveMarkets, useLiveStatus, useLiveUser } from './hooks';
export type { LiveStatus } from './connection';
export { MATCH_DETAIL_KEY } from './market-cache';
