import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { consoleKeys } from './query-keys';

/**
 * agent/getSettlementLedger: the running ledger between the caller and a direct account (null: the
 * caller's own with its upline). The ledger screen and the settlement dialog (what is owed before
 * the cash) read the same cache entry.
 */
export function useSettlementLedger(userId: number | null, enabled = true) {
  return useQuery({
    queryKey: consoleKeys.downline.business.ledger(userId),
    queryFn: () => fetchData('agentGetSettlementLedger', userId === null ? {} : { user_id: userId }),
    enabled,
  });
}
