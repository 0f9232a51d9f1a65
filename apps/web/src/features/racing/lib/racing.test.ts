import { describe, expect, it } from 'vitest';
import { istTime } from '@/lib/format';
import { orderCountries, pickRace, raceChipModifier, raceDays, raceEmptyText, racingSportId, routeDay, venuePath } from './racing';

// 20:00 UTC on 1 March 2030 is 01:30 on 2 March in IST.
const NOW = new Date('2030-03-01T20:00:00Z');

describe('IST race days', () => {
  it('offers today, tomorrow and the next day in IST', () => {
    expect(raceDays('2030-03-02', NOW)).toEqual([
      { date: '2030-03-02', label: 'Today' },
      { date: '2030-03-03', label: 'Tomorrow' },
      { date: '2030-03-04', label: '04/03' },
    ]);
  });

  it('keeps an older route date as a tab of its own, in date order', () => {
    expect(raceDays('2030-02-27', NOW).map((d) => d.date)).toEqual([
      '2030-02-27',
      '2030-03-02',
      '2030-03-03',
      '2030-03-04',
    ]);
    expect(raceDays('2030-02-27', NOW)[0]?.label).toBe('27/02/2030');
  });

  it('reads the route date, falling back to today in IST', () => {
    expect(routeDay('2030-01-15', NOW)).toBe('2030-01-15');
    expect(routeDay('today', NOW)).toBe('2030-03-02');
    expect(routeDay(undefined, NOW)).toBe('2030-03-02');
  });

  it('shows race times as HH:mm in IST', () => {
    expect(istTime('2030-03-01T14:05:00Z')).toBe('19:35');
  });
});

describe('orderCountries', () => {
  it('orders GB, IE, AU, US, ZA, FR, IN as present, others after', () => {
    expect(orderCountries(['IN', 'US', 'NZ', 'GB', 'FR', 'AE', 'GB'])).toEqual([
      'GB',
      'US',
      'FR',
      'IN',
      'AE',
      'NZ',
    ]);
  });
});

describe('racingSportId', () => {
  it('follows the match, then the query, else horse racing', () => {
    expect(racingSportId(4339, null)).toBe(4339);
    expect(racingSportId(7, '4339')).toBe(7);
    expect(racingSportId(undefined, '4339')).toBe(4339);
    expect(racingSportId(4, null)).toBe(7);
  });
});

describe('pickRace', () => {
  const races = [
    { race_id: 1, market_start_time: '2030-03-01T19:00:00Z' },
    { race_id: 3, market_start_time: '2030-03-01T21:00:00Z' },
    { race_id: 2, market_start_time: '2030-03-01T20:30:00Z' },
  ];
  it('opens the race asked for', () => {
    expect(pickRace(races, 1, NOW)?.race_id).toBe(1);
  });
  it('else the next race off, else the last race of the day', () => {
    expect(pickRace(races, null, NOW)?.race_id).toBe(2);
    expect(pickRace(races, 99, new Date('2030-03-02T00:00:00Z'))?.race_id).toBe(3);
    expect(pickRace([], null, NOW)).toBeUndefined();
  });
});

describe('venuePath', () => {
  it('links a venue day, optionally on one race', () => {
    expect(venuePath(4, '2030-03-02')).toBe('/horse-racing/4/2030-03-02');
    expect(venuePath(4, '2030-03-02', 8)).toBe('/horse-racing/4/2030-03-02?race=8');
  });
});

describe('a race without markets to show', () => {
  it('says why by its state: none yet, off, its result, or not run', () => {
    expect(raceEmptyText({ state: 'UPCOMING', result: null })).toBe('No markets open for this race yet');
    expect(raceEmptyText({ state: 'IN_PLAY', result: null })).toBe('The race is off');
    expect(raceEmptyText({ state: 'FINISHED', result: { kind: 'WINNERS', winners: ['Frankel'] } })).toBe('Result: Won by Frankel');
    expect(raceEmptyText({ state: 'ABANDONED', result: null })).toBe('Not run: this race was not run.');
    expect(raceEmptyText({ state: 'ABANDONED', result: { kind: 'VOID', winners: [] } })).toMatch(/^Abandoned: .*stakes returned/);
  });

  it('marks race chips by state, not by the clock', () => {
    expect(['UPCOMING', 'IN_PLAY', 'FINISHED', 'ABANDONED'].map((s) => raceChipModifier(s as 'UPCOMING'))).toEqual(['', 'off', 'done', 'void']);
  });
});
