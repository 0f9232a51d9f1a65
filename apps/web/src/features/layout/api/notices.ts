import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserNotice } from '@exchange/contracts';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** user/getNotices: the caller's unseen notices, read once per load (they are shown once). */
export function useUnseenNotices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notices,
    queryFn: async () => (await fetchData('getNotices')).notices,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * user/markNoticesSeen. The notices leave the screen at once; if the call fails they are simply
 * shown again on the next load.
 */
export function useMarkNoticesSeen() {
  return useMutation({
    mutationFn: (ids: number[]) => fetchData('markNoticesSeen', { ids }),
    onMutate: (ids) => {
      queryClient.setQueryData<UserNotice[]>(queryKeys.notices, (shown) =>
        (shown ?? []).filter((n) => !ids.includes(n.id)),
      );
    },
  });
}
