import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { fetchData } from '@/lib/api';
import { reloadGlobalSettings } from '@/lib/global-settings';

/** operator/saveGlobalSettings: the fields given change; the saved settings are then read again. */
export function useSaveSiteSettings() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'operatorSaveGlobalSettings'>) => fetchData('operatorSaveGlobalSettings', body),
    onSuccess: () => void reloadGlobalSettings(),
  });
}
