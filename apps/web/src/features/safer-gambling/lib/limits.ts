import type { LimitKind, LimitPeriod, LimitView } from '@exchange/contracts';
import { ApiError } from '@/lib/api';
import { formatIst, formatRupees } from '@/lib/format';
import { siteTimesIn } from '@/lib/restriction';

export const KIND_LABEL: Record<LimitKind, string> = { DEPOSIT: 'Deposit limit', LOSS: 'Loss limit' };
/** Periods roll (the last 24 hours, 7 days, 30 days): they are named so, not "day" or "month". */
export const PERIOD_LABEL: Record<LimitPeriod, string> = {
  DAY: '24 hours',
  WEEK: '7 days',
  MONTH: '30 days',
};

/** `28/11 19:31 (IST)`: a limit's times, short (they are never more than 30 days away). */
export function istShort(iso: string): string {
  const t = formatIst(iso);
  return t ? `${t.slice(0, 5)} ${t.slice(11, 16)} (IST)` : '';
}

/** A limit's amount in words: ₹1,000 or "No limit". */
export const amountText = (amount: number | null) => (amount === null ? 'No limit' : formatRupees(amount));

/** A change waiting: `₹5,000 from 28/11 19:31 (IST)` (or `No limit from …`). */
export function pendingText(pending: NonNullable<LimitView['pending']>): string {
  return `${amountText(pending.amount)} from ${istShort(pending.confirmable_at)}`;
}

/** Whether the change waiting may be confirmed at `now` (its 24 hours are over). */
export function isConfirmable(pending: LimitView['pending'], now: number): boolean {
  return pending !== null && Date.parse(pending.confirmable_at) <= now;
}

/**
 * A limit typed in rupees: a positive amount with at most 2 decimals (commas allowed), or the
 * reason it is not one.
 */
export function parseLimit(text: string): { amount: number } | { error: string } {
  const t = text.replace(/,/g, '').trim();
  if (t === '') return { error: 'Enter an amount, or choose No limit' };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { error: 'Enter an amount in rupees, e.g. 5000' };
  const amount = Number(t);
  if (amount <= 0) return { error: 'A limit must be more than ₹0' };
  if (amount > 1_000_000_000) return { error: 'Enter at most ₹1,00,00,00,000' };
  return { amount };
}

/**
 * A refusal in the bettor's words: the server's message, but a time in it as the site shows
 * times (LIMIT_NOT_CONFIRMABLE carries `confirmable_at`; others' `2027-05-28 01:35 IST`).
 */
export function refusalText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  const at = (err.data as { confirmable_at?: unknown } | undefined)?.confirmable_at;
  if (err.code === 'LIMIT_NOT_CONFIRMABLE' && typeof at === 'string')
    return `This change can be confirmed from ${istShort(at)}`;
  // A break's or self-exclusion's refusal names its times as the server writes IST ones.
  return siteTimesIn(err.message) || fallback;
}
