import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange } from '@/components';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** agent/getUserProfitLoss: a downline user's P&L per settled market of the days, the last shown until it answers. */
export function useUserProfitLoss(userId: number, range: DayRange) {
  return useQuery({
    queryKey: consoleKeys.downline.user.profitLoss(userId, range),
    queryFn: () => fetchData('agentGetUserProfitLoss', { user_id: userId, ...range }),
    placeholderData: keepPreviousData,
  });
}
