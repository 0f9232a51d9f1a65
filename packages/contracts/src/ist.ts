/**
 * India Standard Time, the site's clock: report days, match and race times, binary sessions'
 * trading hours. IST is UTC+5:30 all year (no daylight saving), so one fixed offset converts both
 * ways; the server, the web app and the casino provider all count days with these helpers, so a
 * report day means the same instants everywhere. The web app imports this file by its own path
 * (`@exchange/contracts/ist`): code that needs only the clock then does not load the package's
 * schemas, whose place in the bundle must stay after the pages' jitless setting (ADR 42).
 */

export const IST_OFFSET_MS = 330 * 60_000;
/** The same offset as ISO 8601 writes it after a wall-clock time. */
const IST_ISO_OFFSET = '+05:30';
/** The zone's IANA name, for Intl and chart libraries that take a zone rather than an offset. */
export const IST_TIME_ZONE = 'Asia/Kolkata';
export const DAY_MS = 86_400_000;

/**
 * The IST wall-clock time of an instant, `yyyy-MM-ddTHH:mm:ss.sss`; a RangeError for an invalid
 * instant, as `toISOString` gives.
 */
export function istWallClock(at: Date | number): string {
  return new Date(+at + IST_OFFSET_MS).toISOString().slice(0, 23);
}

/** The IST calendar date (yyyy-MM-dd) of an instant. */
export function istDate(at: Date | number): string {
  return istWallClock(at).slice(0, 10);
}

/** The instant (epoch ms) of an IST wall-clock time `yyyy-MM-ddTHH:mm[:ss[.sss]]`; NaN when it is not one. */
export function istInstant(wallClock: string): number {
  return Date.parse(`${wallClock}${IST_ISO_OFFSET}`);
}

/** The instant at which an IST calendar date (yyyy-MM-dd) begins. */
export function istDayStart(day: string): Date {
  const start = istInstant(`${day}T00:00:00`);
  if (Number.isNaN(start)) throw new RangeError(`Not a date: ${day}`);
  return new Date(start);
}

/** [start, end) of an IST calendar date. */
export function istDayRange(day: string): { start: Date; end: Date } {
  const start = istDayStart(day);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}
