/** Match times are shown in Indian Standard Time (UTC+5:30) whatever the viewer's zone. */
export const IST_TIME_ZONE = 'Asia/Kolkata';

const istParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: IST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partsOf(date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of istParts.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** `dd/MM/yyyy HH:mm:ss` in IST; '' for a missing or unreadable timestamp. */
export function formatIst(iso: string | number | Date | null | undefined): string {
  if (iso == null || iso === '') return '';
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsOf(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** The IST calendar day of an instant as `yyyy-MM-dd` (the statement calls' date format). */
export function istYmd(date: Date): string {
  const p = partsOf(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The IST day `days` before (negative: after) the given instant, as `yyyy-MM-dd`. */
export function istYmdDaysAgo(days: number, now: Date = new Date()): string {
  return istYmd(new Date(now.getTime() - days * 86_400_000));
}

/** Rupee amounts are always shown with 2 decimals. */
export function formatAmount(value: number | null | undefined): string {
  const n = Number(value ?? 0);
  return (Number.isFinite(n) ? n : 0).toFixed(2);
}
