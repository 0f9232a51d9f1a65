import type { BettorSettings, UpdateBettorSettings } from '@exchange/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

/**
 * user/getSettings: the bettor's own settings, shared by the settings page and the screens that
 * follow them (the Cash Out button asks first while `confirm_cash_out` is on).
 */
export function useUserSettings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: () => fetchData('getSettings'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * user/updateSettings with the fields given. They show at once; the server's answer (every
 * setting) replaces them, and a refusal puts back what was shown before.
 */
export function useUpdateUserSettings() {
  return useMutation({
    mutationFn: (change: UpdateBettorSettings) => fetchData('updateSettings', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.settings });
      const before = queryClient.getQueryData<BettorSettings>(queryKeys.settings);
      if (before) queryClient.setQueryData<BettorSettings>(queryKeys.settings, { ...before, ...change });
      return { before };
    },
    onSuccess: (settings: BettorSettings) => queryClient.setQueryData(queryKeys.settings, settings),
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.settings, context.before);
    },
  });
}
