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

/** user/updateSettings: changes the fields given; the answer (every setting) replaces the cached ones. */
export function useUpdateUserSettings() {
  return useMutation({
    mutationFn: (change: UpdateBettorSettings) => fetchData('updateSettings', change),
    onSuccess: (settings: BettorSettings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}
