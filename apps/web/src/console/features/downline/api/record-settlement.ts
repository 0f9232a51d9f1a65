import { fetchData } from '@/lib/api';
import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { refreshAfterChange } from './refresh-after-change';

/**
 * agent/recordSettlement: cash received from or paid to a direct account, once per client_ref. No
 * chips move; what the two owe each other does, so the ledger and the collection report (under the
 * downline's keys) are read again.
 */
export function useRecordSettlement() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentRecordSettlement'>) => fetchData('agentRecordSettlement', body),
    onSuccess: () => void refreshAfterChange(),
  });
}
