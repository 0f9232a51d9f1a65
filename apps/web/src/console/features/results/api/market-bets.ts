import type { BodyOf } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** operator/getMarketBets: one page of a market's bets with their users, the last page shown until it answers. */
export function useMarketBets(filter: BodyOf<'operatorGetMarketBets'>) {
  return useQuery({
    queryKey: consoleKeys.operator.bets.of(filter),
    queryFn: () => fetchData('operatorGetMarketBets', filter),
    placeholderData: keepPreviousData,
  });
}
