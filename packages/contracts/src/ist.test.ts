import { describe, expect, it } from 'vitest';
import { IST_OFFSET_MS, IST_TIME_ZONE, istDate, istDayRange, istDayStart, istInstant, istWallClock } from './ist.ts';

// The spec's IST is UTC+5:30 all year: the literals below pin that, not the code's constant.
describe('India Standard Time', () => {
  it('is UTC+5:30, the zone Asia/Kolkata', () => {
    expect(IST_OFFSET_MS).toBe(19_800_000);
    expect(IST_TIME_ZONE).toBe('Asia/Kolkata');
  });

  it('reads an instant on the IST wall clock and calendar', () => {
    expect(istWallClock(Date.parse('2026-03-01T10:00:00Z'))).toBe('2026-03-01T15:30:00.000');
    expect(istDate(new Date('2026-03-01T18:29:59.999Z'))).toBe('2026-03-01');
    expect(istDate(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
    expect(() => istDate(Number.NaN)).toThrow(RangeError);
  });

  it('agrees with Intl on the zone by name', () => {
    const at = Date.parse('2026-11-26T21:45:00Z');
    expect(istDate(at)).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: IST_TIME_ZONE }).format(at));
  });

  it('turns IST wall-clock times back into instants', () => {
    expect(istInstant('2026-03-01T15:30')).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(istInstant('2026-03-01T00:00:00.500')).toBe(Date.parse('2026-02-28T18:30:00.500Z'));
    expect(istInstant('not a time')).toBeNaN();
  });

  it('gives a day its [start, end) in instants, refusing what is not a day', () => {
    expect(istDayStart('2026-03-01').toISOString()).toBe('2026-02-28T18:30:00.000Z');
    const { start, end } = istDayRange('2026-03-01');
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-02-28T18:30:00.000Z', '2026-03-01T18:30:00.000Z']);
    expect(() => istDayStart('01/03/2026')).toThrow(RangeError);
  });
});
