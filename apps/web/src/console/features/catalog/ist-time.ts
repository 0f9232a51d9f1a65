/**
 * Match and race start times are typed in IST (the site's time, whatever the operator's browser
 * says) in a datetime-local field, and sent as ISO instants.
 */
import { istInstant, istWallClock } from '@exchange/contracts/ist';

/** An ISO instant as the field's `yyyy-MM-ddTHH:mm` in IST ('' for none or nonsense). */
export function toIstInput(iso: string | null | undefined): string {
  const t = iso ? new Date(iso).getTime() : NaN;
  return Number.isNaN(t) ? '' : istWallClock(t).slice(0, 16);
}

/** The field's `yyyy-MM-ddTHH:mm` (IST) as an ISO instant in UTC; '' when it is not a time. */
export function fromIstInput(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return '';
  const t = istInstant(local);
  return Number.isNaN(t) ? '' : new Date(t).toISOString();
}
