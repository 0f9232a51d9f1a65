/** The clock is injected (tests move it); everything reads time through it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** India Standard Time is UTC+5:30 all year (no daylight saving). */
export const IST_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;

/** The IST calendar date (yyyy-MM-dd) of an instant. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant at which an IST calendar date (yyyy-MM-dd) begins. */
export function istDayStart(day: string): Date {
  const start = Date.parse(`${day}T00:00:00+05:30`);
  if (Number.isNaN(start)) throw new RangeError(`Not a date: ${day}`);
  return new Date(start);
}

/** [start, end) of an IST calendar date. */
export function istDayRange(day: string): { start: Date; end: Date } {
  const start = istDayStart(day);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}
