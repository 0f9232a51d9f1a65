import { fetchBusiness, type BusinessBody } from '@/console/lib/business-call';
import { useConsoleMutation } from '@/console/lib/mutation';
import { refreshAfterChange } from './refresh-after-change';

/** agent/setCreditReference: a direct account's credit reference; no chips move, its Client P/L does. */
export function useSetCreditReference() {
  return useConsoleMutation({
    mutationFn: (body: BusinessBody<'agentSetCreditReference'>) =>
      fetchBusiness('agentSetCreditReference', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
