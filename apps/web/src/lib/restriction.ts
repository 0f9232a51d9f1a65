/** A break's or self-exclusion's words, as the safer-gambling page, the bet slip and the deposit page say them. */
import type { Restriction } from '@exchange/contracts';
import { formatIst } from './format';

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

/**
 * A refusal's message with the server's IST times (`2027-05-28 01:35 IST`, see the gate's
 * istText) written as the site writes times (`28/05/2027 01:35 (IST)`).
 */
export function siteTimesIn(message: string): string {
  return message.replace(/\b(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2}) IST\b/g, '$3/$2/$1 $4 (IST)');
}
