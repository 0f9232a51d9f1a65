import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/** operator/voidBet: a settled winning bet voided for a rules breach; the bets and the money it took back are read again. */
export function useVoidBet() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'operatorVoidBet'>) => fetchData('operatorVoidBet', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.operator.bets.all });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.downline.all });
    },
  });
}
