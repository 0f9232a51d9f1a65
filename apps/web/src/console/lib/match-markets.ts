import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { consoleKeys } from './query-keys';

/**
 * operator/getMarkets of one match, settled markets too: the markets screen and the results
 * screen read the same list (one cache entry, which a settlement invalidates), each at its own pace.
 */
export const matchMarketsQuery = (matchId: number) =>
  queryOptions({
    queryKey: consoleKeys.operator.markets.of(matchId),
    queryFn: () => fetchData('operatorGetMarkets', { match_id: matchId, open_only: false }),
  });
