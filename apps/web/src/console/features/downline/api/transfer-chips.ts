import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { fetchData } from '@/lib/api';
import { refreshAfterChange } from './refresh-after-change';

/**
 * agent/transferChips: a deposit to or a withdrawal from a direct user, once per client_ref;
 * both balances moved, so the downline and the caller's own account are read again.
 */
export function useTransferChips() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentTransferChips'>) => fetchData('agentTransferChips', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
