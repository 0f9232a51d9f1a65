import { fetchData } from '@/lib/api';
import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { refreshAfterChange } from './refresh-after-change';

/** agent/setAccountTerms: a direct account's partnership or commission rates, for markets first bet on after it. */
export function useSetAccountTerms() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentSetAccountTerms'>) => fetchData('agentSetAccountTerms', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
