import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/** A decision moves money: the requests, every downline figure and the caller's own balance are read again. */
async function refreshAfterDecision(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: consoleKeys.payments.requests.all }),
    queryClient.invalidateQueries({ queryKey: consoleKeys.downline.all }),
    queryClient.invalidateQueries({ queryKey: consoleKeys.me }),
  ]);
}

/** agent/decidePaymentRequest: approve or reject a pending request, once (a second decision is refused). */
export function useDecidePaymentRequest() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentDecidePaymentRequest'>) => fetchData('agentDecidePaymentRequest', body),
    onSuccess: () => void refreshAfterDecision(),
  });
}
