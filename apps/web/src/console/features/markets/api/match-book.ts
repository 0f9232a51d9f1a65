import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** The house's position is read again this often (the downline nudges refresh it sooner). */
const BOOK_REFRESH_MS = 15_000;

/**
 * The house's position on every market of the match: one agent/getMarketBook call, which the
 * screen starts beside its markets' read and every card shares (one call per nudge, not one per
 * card; ADR 43).
 */
export function useMatchBook(matchId: number) {
  return useQuery({
    queryKey: consoleKeys.downline.matchBook(matchId),
    queryFn: () => fetchData('agentGetMarketBook', { match_id: matchId }),
    refetchInterval: BOOK_REFRESH_MS,
    enabled: Number.isInteger(matchId),
  });
}
