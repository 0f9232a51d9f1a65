import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/** operator/removeRunner: a non-runner's bets void and the others' reduced; the markets and the money are read again. */
export function useRemoveRunner() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'operatorRemoveRunner'>) => fetchData('operatorRemoveRunner', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.operator.markets.all });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.downline.all });
    },
  });
}
