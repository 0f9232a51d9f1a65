import type { BodyOf, OperatorMarket } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { marketsKey } from './market-actions';

/** operator/createMarket: the new market joins the match's list from the answer. */
export function useCreateMarket(matchId: number) {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'operatorCreateMarket'>) => fetchData('operatorCreateMarket', body),
    onSuccess: (market) =>
      void queryClient.setQueryData<OperatorMarket[]>(marketsKey(matchId), (list) => [
        ...(list ?? []).filter((m) => m.market_id !== market.market_id),
        market,
      ]),
  });
}
