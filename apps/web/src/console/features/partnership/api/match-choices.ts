import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/**
 * The sports and a sport's matches as the bettors' catalog lists them (sport/getSports,
 * match/getMatches), for choosing a match: open to agents, unlike the operator's catalog that the
 * markets screen reads (operator/getMatches is the root's alone). Finished matches are the ones
 * the catalog no longer lists as active.
 */
export function useSports() {
  return useQuery({ queryKey: consoleKeys.catalog.sports, queryFn: () => fetchData('getSports', {}) });
}

export function useMatchChoices(sportId: number | null, finished: boolean) {
  return useQuery({
    queryKey: consoleKeys.catalog.matches(sportId ?? 0, finished),
    queryFn: async () => {
      const matches = await fetchData('getMatches', { sport_id: sportId!, is_active: finished ? 0 : 1 });
      // Finished: the latest first; upcoming: the soonest first, as the catalog lists them.
      return finished ? [...matches].sort((a, b) => b.match_Date.localeCompare(a.match_Date)) : matches;
    },
    enabled: sportId !== null,
  });
}
