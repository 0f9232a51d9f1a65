import type { ConsoleUser } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { useConsoleUser } from '@/console/lib/session';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/** The downline screens' query keys: all under 'downline', so a nudge refreshes every one. */
export const downlineKeys = {
  list: (parentId: number | null, search: string, page: number, limit: number) =>
    consoleKeys.downline('list', parentId ?? 'own', search, page, limit),
  user: (userId: number, ...rest: unknown[]) => consoleKeys.downline('user', userId, ...rest),
};

/**
 * After the caller moved chips or changed a user: every downline figure (lists, the user page,
 * the dashboard, the books) and the caller's own balance are read again.
 */
export async function refreshAfterChange(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: consoleKeys.downline() }),
    queryClient.invalidateQueries({ queryKey: consoleKeys.me }),
  ]);
}

/**
 * The caller's own balance, read afresh when a dialog opens (the shell's copy may be half a
 * minute old); the stored login's figures until it answers.
 */
export function useOwnAccount(): ConsoleUser | null {
  const stored = useConsoleUser();
  const me = useQuery({
    queryKey: consoleKeys.me,
    queryFn: () => fetchData('consoleGetMe'),
    refetchOnMount: 'always',
  });
  return me.data ?? stored;
}
