import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { fetchData } from '@/lib/api';
import { refreshAfterChange } from './refresh-after-change';

/** agent/setUserStatus: a downline user's login or betting locked or unlocked; the lists show it. */
export function useSetUserStatus() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentSetUserStatus'>) => fetchData('agentSetUserStatus', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
