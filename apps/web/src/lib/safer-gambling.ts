import type { Restriction } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { formatIst } from './format';
import { queryKeys } from './query-keys';
import { useSignedIn } from './session';

/**
 * user/getSaferGambling: the bettor's deposit and loss limits, what is left of each, changes
 * waiting, the reality check's interval and any break or self-exclusion in force. Shared by the
 * limits page, the deposit page's "Deposit limit: ₹X left", the reality check reminder and the
 * bet slip's "You are on a break until …".
 */
export function useSaferGambling(enabled = true) {
  return useQuery({
    queryKey: queryKeys.saferGambling,
    queryFn: () => fetchData('getSaferGambling'),
    enabled,
  });
}

/** The break or self-exclusion in force on the signed-in bettor (null: none, or not known). */
export function useRestriction(): Restriction | null {
  const signedIn = useSignedIn();
  return useSaferGambling(signedIn).data?.restriction ?? null;
}

/** The refusals of a restricted bettor: after one, what is in force is read again. */
export const RESTRICTION_CODES: readonly string[] = ['ACCOUNT_ON_BREAK', 'SELF_EXCLUDED'];

/** `04/12/2026 18:30 (IST)`: a break's or self-exclusion's times (they may be years away). */
export function istDateTime(iso: string): string {
  const t = formatIst(iso);
  return t ? `${t.slice(0, 16)} (IST)` : '';
}

/**
 * Why the bettor may not bet, in a line: "You are on a break until …", "You are self-excluded
 * until …", and past a self-exclusion's term, when the account reopens or how to ask.
 */
export function restrictionText(r: Restriction, now = Date.now()): string {
  if (r.kind === 'BREAK') return `You are on a break until ${istDateTime(r.ends_at)}`;
  if (r.reopens_at !== null)
    return `You are self-excluded until the account reopens at ${istDateTime(r.reopens_at)}`;
  if (Date.parse(r.ends_at) > now) return `You are self-excluded until ${istDateTime(r.ends_at)}`;
  return `You are self-excluded: the term ended at ${istDateTime(r.ends_at)}; ask to reopen on the Safer gambling page`;
}
