import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** agent/getUserProfile: the user page's header (its locks, its last login); not asked for an id that cannot be one. */
export function useUserProfile(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: consoleKeys.downline.user.profile(userId),
    queryFn: () => fetchData('agentGetUserProfile', { user_id: userId }),
    enabled,
  });
}
