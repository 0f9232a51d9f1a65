import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { fetchData } from '@/lib/api';
import { refreshAfterChange } from './refresh-after-change';

/** agent/createUser: a bettor or sub-agent under the caller, who then shows in the lists. */
export function useCreateUser() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentCreateUser'>) => fetchData('agentCreateUser', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
