import { describe, expect, it } from 'vitest';
import { istDate, istDayRange } from '../lib/time.ts';
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
    }
    expect(new Set(meetings.map((m) => m.match.matchId)).size).toBe(meetings.length);
    expect(racingMeetings('2026-11-23').some((m) => meetings.some((x) => x.match.matchId === m.match.matchId))).toBe(false);
  });

  it('generates the same fixtures for the same clock', () => {
    const now = new Date('2026-11-22T07:03:00Z');
    expect(fixtureBatch(now, 1)).toEqual(fixtureBatch(new Date(now), 1));
    expect(fixtureBatch(now, 1).filter((f) => f.inPlay).every((f) => f.startTime < now)).toBe(true);
  });
});
