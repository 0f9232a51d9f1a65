import { fetchData } from '@/lib/api';
import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';

/** agent/getPlusMinusReport: a match's plus-minus per direct account; not asked before a match is chosen. */
export function usePlusMinus(matchId: number | null) {
  return useQuery({
    queryKey: consoleKeys.downline.business.plusMinus(matchId ?? 0),
    queryFn: () => fetchData('agentGetPlusMinusReport', { match_id: matchId! }),
    enabled: matchId !== null,
  });
}
