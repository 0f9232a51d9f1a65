import type { OperatorMatch } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { consoleKeys } from './query-keys';

/** One match of the catalog (hidden or finished too), for the screens opened at a match. */
export function useOperatorMatch(matchId: number | null) {
  return useQuery({
    queryKey: consoleKeys.operator('match', matchId),
    queryFn: async (): Promise<OperatorMatch | null> => {
      const page = await fetchData('operatorGetMatches', { match_id: matchId!, include_finished: true, limit: 1 });
      return page.rows.find((m) => m.match_id === matchId) ?? null;
    },
    enabled: matchId !== null,
  });
}
