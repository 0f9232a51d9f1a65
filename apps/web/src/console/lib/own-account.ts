import type { ConsoleUser } from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { consoleKeys } from './query-keys';
import { useConsoleUser } from './session';

/** How often the header's own balance is read again (the nudges cover the downline, not the caller). */
const ME_REFRESH_MS = 30_000;

/** console/getMe: the caller's own account; the header's copy and a dialog's are one cache entry. */
const ownAccountQuery = queryOptions({ queryKey: consoleKeys.me, queryFn: () => fetchData('consoleGetMe') });

/** The header's copy of the caller's account, read again every half minute. */
export function useOwnAccountInHeader() {
  return useQuery({ ...ownAccountQuery, refetchInterval: ME_REFRESH_MS });
}

/**
 * The caller's own balance, read afresh when a dialog opens (the header's copy may be half a
 * minute old); the stored login's figures until it answers.
 */
export function useOwnAccount(): ConsoleUser | null {
  const stored = useConsoleUser();
  const me = useQuery({ ...ownAccountQuery, refetchOnMount: 'always' });
  return me.data ?? stored;
}
