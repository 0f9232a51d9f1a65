/**
 * Binary session markets take bets only within their trading hours, in IST (spec, "Binary
 * sessions"): index stocks Monday to Friday 10:00-14:30, gold / silver / crude 11:30-22:30,
 * US indices 19:30-24:00.
 */
import type { BinarySession } from '@exchange/contracts';
import { IST_OFFSET_MS } from '@exchange/contracts';

export interface SessionHours {
  /** IST minutes after midnight: bets from openMinute (inclusive) to closeMinute (exclusive). */
  openMinute: number;
  closeMinute: number;
  weekdaysOnly: boolean;
}

export const SESSION_HOURS: Record<BinarySession, SessionHours> = {
  INDEX: { openMinute: 10 * 60, closeMinute: 14 * 60 + 30, weekdaysOnly: true },
  COMMODITY: { openMinute: 11 * 60 + 30, closeMinute: 22 * 60 + 30, weekdaysOnly: false },
  US_INDEX: { openMinute: 19 * 60 + 30, closeMinute: 24 * 60, weekdaysOnly: false },
};

export function withinSessionHours(hours: SessionHours, at: Date): boolean {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const day = ist.getUTCDay();
  if (hours.weekdaysOnly && (day === 0 || day === 6)) return false;
  const minute = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  return minute >= hours.openMinute && minute < hours.closeMinute;
}

export const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function describeHours(hours: SessionHours): string {
  return `${hours.weekdaysOnly ? 'Monday to Friday ' : ''}${hhmm(hours.openMinute)}-${hhmm(hours.closeMinute)}`;
}
