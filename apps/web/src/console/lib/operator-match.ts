import type { OperatorMatch } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { fetchData } from '@/lib/api';
import { consoleKeys } from './query-keys';

/** What a link to a match's screen carries: the match as the list showed it, shown before the read answers. */
export interface MatchLinkState {
  match?: OperatorMatch;
}

/**
 * One match of the catalog (hidden or finished too), for the screens opened at a match: read by
 * its id (operator/getMatches with match_id), starting from the copy a catalog link carried.
 */
export function useOperatorMatch(matchId: number | null) {
  const carried = (useLocation().state as MatchLinkState | null)?.match;
  return useQuery({
    queryKey: consoleKeys.operator.match.of(matchId),
    queryFn: async (): Promise<OperatorMatch | null> => {
      const { rows } = await fetchData('operatorGetMatches', { match_id: matchId!, limit: 1 });
      return rows.find((m) => m.match_id === matchId) ?? null;
    },
    initialData: carried?.match_id === matchId ? carried : undefined,
    initialDataUpdatedAt: 0,
    enabled: matchId !== null,
  });
}
