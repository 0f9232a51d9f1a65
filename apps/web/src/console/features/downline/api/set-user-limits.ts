import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { fetchData } from '@/lib/api';
import { refreshAfterChange } from './refresh-after-change';

/** agent/setUserLimits: a downline user's limits (ADR 58); the user page reads them again. */
export function useSetUserLimits() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentSetUserLimits'>) => fetchData('agentSetUserLimits', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
