import { fetchData } from '@/lib/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange } from '@/components';
import { consoleKeys } from '@/console/lib/query-keys';

/** agent/getPartyWinLoss: each direct account's downline P&L of the days and how it is shared, the last shown until it answers. */
export function usePartyWinLoss(range: DayRange) {
  return useQuery({
    queryKey: consoleKeys.downline.business.partyWinLoss(range),
    queryFn: () => fetchData('agentGetPartyWinLoss', range),
    placeholderData: keepPreviousData,
  });
}
