import { describe, expect, it } from 'vitest';
import { istDate, istDayRange } from '@exchange/contracts';
import { fixtureBatch, meetingDayLabel, racingMeetings } from './catalog-data.ts';

describe('demo catalog', () => {
  it('labels meeting days like "22nd Nov"', () => {
    expect(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-11', '2026-11-22', '2026-12-31'].map(meetingDayLabel)).toEqual([
      '1st Nov', '2nd Nov', '3rd Nov', '11th Nov', '22nd Nov', '31st Dec',
    ]);
  });

  it('keeps every race of a meeting inside its IST day, 6 to 8 races, ids stable', () => {
    const day = '2026-11-22';
    const { start, end } = istDayRange(day);
    const meetings = racingMeetings(day);
    expect(racingMeetings(day)).toEqual(meetings);
    for (const m of meetings) {
      expect(m.races.length).toBeGreaterThanOrEqual(6);
      expect(m.races.length).toBeLessThanOrEqual(8);
      for (const r of m.races) expect(r.startTime >= start && r.startTime < end).toBe(true);
      expect(istDate(m.match.startTime)).toBe(day);
      expect(m.match.startTime).toEqual(m.races[0]!.startTime);
    }
    expect(new Set(meetings.map((m) => m.match.matchId)).size).toBe(meetings.length);
    expect(racingMeetings('2026-11-23').some((m) => meetings.some((x) => x.match.matchId === m.match.matchId))).toBe(false);
  });

  it('runs a race somewhere within two hours of any hour of the IST day', () => {
    const day = '2026-11-22';
    const { start } = istDayRange(day);
    const offs = [...racingMeetings(day), ...racingMeetings('2026-11-23')].flatMap((m) => m.races.map((r) => r.startTime.getTime()));
    // Each hour of the day, against this day's and the next day's meetings (23:00 looks past midnight).
    const gaps = Array.from({ length: 24 }, (_, h) => start.getTime() + h * 3_600_000)
      .filter((at) => !offs.some((t) => t >= at && t < at + 2 * 3_600_000))
      .map((at) => new Date(at).toISOString());
    expect(gaps).toEqual([]);
  });

  it('generates the same fixtures for the same clock', () => {
    const now = new Date('2026-11-22T07:03:00Z');
    expect(fixtureBatch(now, 1)).toEqual(fixtureBatch(new Date(now), 1));
    expect(fixtureBatch(now, 1).filter((f) => f.inPlay).every((f) => f.startTime < now)).toBe(true);
  });
});
