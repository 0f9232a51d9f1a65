import { consoleKeys } from '@/console/lib/query-keys';
import { queryClient } from '@/lib/query-client';

/**
 * After the caller moved chips or changed a user: every downline figure (lists, the user page,
 * the dashboard, the books) and the caller's own balance are read again.
 */
export async function refreshAfterChange(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: consoleKeys.downline.all }),
    queryClient.invalidateQueries({ queryKey: consoleKeys.me }),
  ]);
}
