import { fetchBusiness, type BusinessBody } from '@/console/lib/business-call';
import { useConsoleMutation } from '@/console/lib/mutation';
import { refreshAfterChange } from './refresh-after-change';

/** agent/setAccountTerms: a direct account's partnership or commission rates, for markets first bet on after it. */
export function useSetAccountTerms() {
  return useConsoleMutation({
    mutationFn: (body: BusinessBody<'agentSetAccountTerms'>) => fetchBusiness('agentSetAccountTerms', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
