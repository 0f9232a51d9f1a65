import { fetchData } from '@/lib/api';
import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { refreshAfterChange } from './refresh-after-change';

/** agent/setCreditReference: a direct account's credit reference; no chips move, its Client P/L does. */
export function useSetCreditReference() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentSetCreditReference'>) => fetchData('agentSetCreditReference', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
