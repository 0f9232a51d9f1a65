import type { BettorSettings, UpdateBettorSettings } from '@exchange/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** user/getSettings: the bettor's own settings (the kinds of notification received, the cash-out confirmation). */
export function useBettorSettings() {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: () => fetchData('getSettings'),
  });
}

/**
 * user/updateSettings with the fields given. They show at once; the server's answer (every
 * setting) replaces them, and a refusal puts back what was shown before.
 */
export function useUpdateBettorSettings() {
  return useMutation({
    mutationFn: (change: UpdateBettorSettings) => fetchData('updateSettings', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.settings });
      const before = queryClient.getQueryData<BettorSettings>(queryKeys.settings);
      if (before) queryClient.setQueryData<BettorSettings>(queryKeys.settings, { ...before, ...change });
      return { before };
    },
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.settings, context.before);
    },
  });
}
