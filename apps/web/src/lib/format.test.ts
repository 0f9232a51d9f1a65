import { describe, expect, it } from 'vitest';
import { istDate as istYmd } from '@exchange/contracts/ist';
import {
  formatAmount,
  formatDay,
  formatIst,
  formatOdds,
  formatSize,
  istYmdDaysAgo,
  istYmdMonthsAgo,
  parseDay,
  sumAmounts,
} from './format';

describe('formatIst', () => {
  it('shows a UTC instant as dd/MM/yyyy HH:mm:ss in UTC+5:30', () => {
    expect(formatIst('2026-03-01T10:00:00Z')).toBe('01/03/2026 15:30:00');
    expect(formatIst('2026-12-31T20:15:09.500Z')).toBe('01/01/2027 01:45:09');
  });
  it('uses a 24-hour clock with midnight as 00', () => {
    expect(formatIst('2026-05-04T18:30:00Z')).toBe('05/05/2026 00:00:00');
  });
  it('accepts Date and epoch millis, and returns empty text for missing or bad input', () => {
    expect(formatIst(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('02/01/2026 08:34:05');
    expect(formatIst(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('02/01/2026 08:34:05');
    expect(formatIst(undefined)).toBe('');
    expect(formatIst('')).toBe('');
    expect(formatIst('not a date')).toBe('');
  });
});

describe('IST calendar days', () => {
  it('rolls to the next day after 18:30 UTC', () => {
    expect(istYmd(new Date('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
    expect(istYmd(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
  });
  it('counts days back from a given instant', () => {
    expect(istYmdDaysAgo(7, new Date('2026-03-08T06:00:00Z'))).toBe('2026-03-01');
  });
});

describe('formatAmount', () => {
  it('always shows 2 decimals', () => {
    expect(formatAmount(1500)).toBe('1500.00');
    expect(formatAmount(-12.5)).toBe('-12.50');
    expect(formatAmount(undefined)).toBe('0.00');
  });
  it('sums amounts without float drift, for totals rows', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([100.05, -50.02, 19.99])).toBe(70.02);
    expect(sumAmounts([])).toBe(0);
  });
});

describe('report days: dd/MM/yyyy on screen, yyyy-MM-dd in calls', () => {
  it('shows a yyyy-MM-dd day as dd/MM/yyyy, as the tables do', () => {
    expect(formatDay('2026-02-01')).toBe('01/02/2026');
    expect(formatDay('')).toBe('');
    expect(formatDay('01/02/2026')).toBe('');
  });
  it('reads a typed day, day first', () => {
    expect(parseDay('01/02/2026')).toBe('2026-02-01');
    expect(parseDay('1/2/2026')).toBe('2026-02-01');
    expect(parseDay(' 15-02-2026 ')).toBe('2026-02-15');
    expect(parseDay('15.02.2026')).toBe('2026-02-15');
    expect(parseDay('29022028')).toBe('2028-02-29');
  });
  it('refuses what is not a calendar day or not complete', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2026',
      '00/01/2026',
      '12/13/2026',
      '01/02/26',
      '2026-02-01',
      '',
      'abc',
    ])
      expect(parseDay(text), text).toBe('');
  });
  it('round-trips', () => {
    for (const ymd of ['2026-01-01', '2026-12-31', '2028-02-29']) expect(parseDay(formatDay(ymd))).toBe(ymd);
  });
});

describe('price box numbers', () => {
  it('prints odds without trailing zeros', () => {
    expect([2.04, 3.4, 4, 1000, 1.01].map(formatOdds)).toEqual(['2.04', '3.4', '4', '1000', '1.01']);
  });

  it('abbreviates sizes', () => {
    expect(formatSize(0)).toBe('0');
    expect(formatSize(999.99)).toBe('999');
    expect(formatSize(1_250)).toBe('1.2k');
    expect(formatSize(5_000)).toBe('5k');
    expect(formatSize(35_400)).toBe('35k');
    expect(formatSize(1_540_000)).toBe('1.5m');
  });
});

describe('istYmdMonthsAgo', () => {
  it('is the same IST day some calendar months before, or the last day of a shorter month', () => {
    expect(istYmdMonthsAgo(3, new Date('2026-03-08T06:00:00Z'))).toBe('2025-12-08');
    expect(istYmdMonthsAgo(12, new Date('2026-03-08T06:00:00Z'))).toBe('2025-03-08');
    expect(istYmdMonthsAgo(3, new Date('2026-05-31T06:00:00Z'))).toBe('2026-02-28');
    // 20:00 UTC on 31 Dec is already 1 Jan in IST.
    expect(istYmdMonthsAgo(3, new Date('2026-12-31T20:00:00Z'))).toBe('2026-10-01');
  });
});
