import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { useLiveMarkets, useLiveStatus } from './live';
import { queryKeys } from './query-keys';

/** Without the live push the page polls its book this often; with it, only a slow safety poll. */
export const MATCH_DETAIL_POLL_MS = 2_000;
export const MATCH_DETAIL_LIVE_POLL_MS = 30_000;

/**
 * match/getMatchDetail: the match header with its markets, books and the caller's positions,
 * kept current by the live push (useLiveMarkets patches this cache) while the socket is open,
 * by a 2 s poll otherwise. The key ['match', 'detail', id] is the one the live push patches.
 */
export function useMatchDetail(matchId: number) {
  const live = useLiveStatus() === 'open';
  const query = useQuery({
    queryKey: queryKeys.matchDetail.of(matchId),
    queryFn: () => fetchData('getMatchDetail', { match_id: matchId }),
    enabled: Number.isInteger(matchId),
    staleTime: 0,
    refetchInterval: live ? MATCH_DETAIL_LIVE_POLL_MS : MATCH_DETAIL_POLL_MS,
  });
  useLiveMarkets(query.data?.markets.map((m) => m.market_id) ?? []);
  return query;
}
