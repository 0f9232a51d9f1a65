import { formatIst } from '@/lib/format';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
const WEEK_S = 7 * DAY_S;
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * When a notification came, as a bettor says it: 'just now', '5 minutes ago', '3 hours ago',
 * 'yesterday', '4 days ago'; past a week the IST date and time ('' for an unreadable instant).
 */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  // A clock a little ahead of the browser's still says 'just now', never 'in 3 seconds'.
  const ago = Math.max(0, Math.round((now - at) / 1000));
  if (ago < 45) return 'just now';
  if (ago < HOUR_S) return relative.format(-Math.max(1, Math.round(ago / MINUTE_S)), 'minute');
  if (ago < DAY_S) return relative.format(-Math.round(ago / HOUR_S), 'hour');
  if (ago < WEEK_S) return relative.format(-Math.round(ago / DAY_S), 'day');
  return formatIst(iso).slice(0, 16);
}
