import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

export type UserBetType = 'all' | 'matched' | 'unmatched';

/** agent/getUserBets: a downline user's open bets, matched, unmatched or both. */
export function useUserBets(userId: number, betType: UserBetType) {
  return useQuery({
    queryKey: consoleKeys.downline.user.bets(userId, betType),
    queryFn: () => fetchData('agentGetUserBets', { user_id: userId, bet_type: betType }),
  });
}
