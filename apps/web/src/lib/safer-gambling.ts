import type { Restriction } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { queryKeys } from './query-keys';
import { useSignedIn } from './session';

/**
 * user/getSaferGambling: the bettor's deposit and loss limits, what is left of each, changes
 * waiting, the reality check's interval and any break or self-exclusion in force. Shared by the
 * limits page, the deposit page's "Deposit limit: ₹X left", the reality check reminder and the
 * bet slip's "You are on a break until …".
 */
export function useSaferGambling(enabled = true, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.saferGambling,
    queryFn: () => fetchData('getSaferGambling'),
    enabled,
    // The limits page reads it again on each visit (`fresh`): what it shows is what is in force.
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/** The break or self-exclusion in force on the signed-in bettor (null: none, or not known). */
export function useRestriction(): Restriction | null {
  const signedIn = useSignedIn();
  return useSaferGambling(signedIn).data?.restriction ?? null;
}

// The words for what is in force, kept apart from the hooks so plain modules (and their tests
// outside a browser) can use them without the session.
export { istDateTime, RESTRICTION_CODES, restrictionText, siteTimesIn } from './restriction';
