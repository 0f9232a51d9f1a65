import { DAY_MS, istDate, istWallClock } from '@exchange/contracts/ist';
import { paiseToRupees, roundToPaise } from '@exchange/engine';

/**
 * `dd/MM/yyyy HH:mm:ss` in IST, the site's time whatever the viewer's zone; '' for a missing or
 * unreadable timestamp.
 */
export function formatIst(iso: string | number | Date | null | undefined): string {
  if (iso == null || iso === '') return '';
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const t = istWallClock(date);
  return `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 19)}`;
}

/** 'HH:mm' of an instant in IST ('' when unreadable): race times on chips and cards. */
export function istTime(iso: string): string {
  return formatIst(iso).slice(11, 16);
}

/** A `yyyy-MM-dd` day as the tables show days, `dd/MM/yyyy`; '' for anything else. */
export function formatDay(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * A day typed as `dd/MM/yyyy` (also `-` or `.` between the parts, one-digit day or month, or
 * eight digits `ddMMyyyy`) as `yyyy-MM-dd`; '' unless it is a real calendar day (31/02 is not).
 */
export function parseDay(text: string): string {
  const t = text.trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (!m) return '';
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return '';
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The IST day `days` before (negative: after) the given instant, as `yyyy-MM-dd`. */
export function istYmdDaysAgo(days: number, now: Date = new Date()): string {
  return istDate(now.getTime() - days * DAY_MS);
}

/**
 * The IST day `months` calendar months before the given instant's IST day, as `yyyy-MM-dd`: the
 * same day of that month, or its last day when it is shorter (31 May less 3 months: 28/29 Feb).
 */
export function istYmdMonthsAgo(months: number, now: Date = new Date()): string {
  const [y, m, d] = istYmdDaysAgo(0, now).split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Rupee amounts are always shown with 2 decimals. */
export function formatAmount(value: number | null | undefined): string {
  const n = Number(value ?? 0);
  return (Number.isFinite(n) ? n : 0).toFixed(2);
}

/** The sum of rupee amounts, added in paise so that 0.1 + 0.2 is 0.30 (a totals row's figure). */
export function sumAmounts(values: Iterable<number>): number {
  let paise = 0;
  for (const v of values) paise += roundToPaise(v);
  return paiseToRupees(paise);
}

const INR = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
/** A stake limit in rupees: ₹1,00,000 (Indian grouping, decimals only when there are). */
export const formatRupees = (n: number) => `₹${INR.format(n)}`;

/**
 * Available sizes as the boxes show them: whole rupees under 1,000, then thousands with one
 * decimal under 10k (1.2k), whole thousands to a million (35k), then millions (1.5m).
 */
export function formatSize(rupees: number): string {
  const trim = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  if (rupees < 1_000) return String(Math.floor(rupees));
  if (rupees < 10_000) return `${trim(Math.floor(rupees / 100) / 10)}k`;
  if (rupees < 1_000_000) return `${Math.floor(rupees / 1_000)}k`;
  return `${trim(Math.floor(rupees / 100_000) / 10)}m`;
}

/** Decimal odds in a price box, as Betfair prints them: 2.04, 3.4, 10, 1000. */
export function formatOdds(odds: number): string {
  return String(Number(odds.toFixed(2)));
}
