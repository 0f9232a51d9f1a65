import type { OperatorMatch } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { fetchData } from '@/lib/api';
import { consoleKeys } from './query-keys';

const SCAN_PAGE = 100;
const SCAN_MAX = 2_000;

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
    queryKey: consoleKeys.operator('match', matchId),
    queryFn: async (): Promise<OperatorMatch | null> => {
      const first = await fetchData('operatorGetMatches', {
        match_id: matchId!,
        include_finished: true,
        limit: 1,
      });
      const found = first.rows.find((m) => m.match_id === matchId);
      if (found || first.total <= 1) return found ?? null;
      // A server that does not yet filter by match_id answers every match: look through them.
      for (let page = 1; (page - 1) * SCAN_PAGE < Math.min(first.total, SCAN_MAX); page++) {
        const rows = (
          await fetchData('operatorGetMatches', { include_finished: true, page, limit: SCAN_PAGE })
        ).rows;
        const hit = rows.find((m) => m.match_id === matchId);
        if (hit) return hit;
      }
      return carried?.match_id === matchId ? carried : null;
    },
    initialData: carried?.match_id === matchId ? carried : undefined,
    initialDataUpdatedAt: 0,
    enabled: matchId !== null,
  });
}
