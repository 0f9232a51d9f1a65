import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { useLiveStatus } from '@/lib/live';
import { queryKeys } from '@/lib/query-keys';

/** Without the live push the list polls its prices this often; with it, only a slow refresh (new matches, in play). */
export const MATCH_LIST_POLL_MS = 5_000;
export const MATCH_LIST_LIVE_POLL_MS = 30_000;

/**
 * match/getMatches of one sport with its 1 / X / 2 prices. While the socket is open the rows on
 * screen stream their Match Odds markets (match-table.tsx), so the list is only refreshed slowly;
 * when it is down the 5 s poll keeps the prices current.
 */
export function useMatches(sportId: number, enabled = true) {
  const live = useLiveStatus() === 'open';
  return useQuery({
    queryKey: queryKeys.matchList.of(sportId),
    queryFn: () => fetchData('getMatches', { sport_id: sportId, is_active: 1 }),
    enabled,
    refetchInterval: live ? MATCH_LIST_LIVE_POLL_MS : MATCH_LIST_POLL_MS,
  });
}
