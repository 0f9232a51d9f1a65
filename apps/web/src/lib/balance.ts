import { Balance } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { BALANCE_POLL_MS } from './constants';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { SESSION_KEYS, getStoredUser, readJson, writeJson } from './storage';

/** The last balance seen, if it has every field (a copy kept by an older build lacks the available figure). */
function lastKnownBalance(): Balance | undefined {
  const kept = Balance.safeParse(readJson<unknown>(sessionStorage, SESSION_KEYS.exposureBalance));
  if (kept.success) return kept.data;
  const user = Balance.safeParse(getStoredUser());
  return user.success ? user.data : undefined;
}

async function fetchBalance(): Promise<Balance> {
  const balance = await fetchData('getUserBalance');
  writeJson(sessionStorage, SESSION_KEYS.exposureBalance, balance);
  return balance;
}

/**
 * Balance and exposure, polled every 5 s while `enabled` (logged in, not on the login screen).
 * A failed poll is not retried at once: the next tick, 5 s later, is the retry (spec section 8).
 * The last value is kept in sessionStorage 'exposureBalance' and shown until the first answer.
 */
export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.balance,
    queryFn: fetchBalance,
    enabled,
    initialData: lastKnownBalance,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    retry: false,
    refetchInterval: BALANCE_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Asks for a fresh balance now, e.g. right after a bet was placed. */
export function refreshBalance(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.balance });
}

/** Shows a balance the server already returned (a bet answer carries the new one). */
export function setBalance(balance: Balance): void {
  writeJson(sessionStorage, SESSION_KEYS.exposureBalance, balance);
  queryClient.setQueryData(queryKeys.balance, balance);
}
