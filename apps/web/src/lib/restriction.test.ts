import type { Restriction } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { istDateTime, restrictionText, siteTimesIn } from './restriction';

const NOW = Date.parse('2026-11-27T20:00:00Z');
const exclusion = (patch: Partial<Restriction>): Restriction => ({
  kind: 'SELF_EXCLUSION',
  started_at: '2026-05-27T20:00:00Z',
  ends_at: '2027-05-27T20:00:00Z',
  reopen_asked_at: null,
  reopens_at: null,
  ...patch,
});

describe('restriction words', () => {
  it('writes times in IST with the year', () => {
    expect(istDateTime('2027-05-27T20:05:00Z')).toBe('28/05/2027 01:35 (IST)');
    expect(istDateTime('nonsense')).toBe('');
  });

  it('says what is in force: a break, a self-exclusion, past its term, asked to reopen', () => {
    expect(restrictionText({ ...exclusion({}), kind: 'BREAK', ends_at: '2026-11-28T20:00:00Z' }, NOW)).toBe(
      'You are on a break until 29/11/2026 01:30 (IST)',
    );
    expect(restrictionText(exclusion({}), NOW)).toBe('You are self-excluded until 28/05/2027 01:30 (IST)');
    expect(restrictionText(exclusion({ ends_at: '2026-11-26T20:00:00Z' }), NOW)).toBe(
      'You are self-excluded: the term ended at 27/11/2026 01:30 (IST); ask to reopen on the Safer gambling page',
    );
    expect(
      restrictionText(
        exclusion({
          ends_at: '2026-11-26T20:00:00Z',
          reopen_asked_at: '2026-11-27T19:00:00Z',
          reopens_at: '2026-11-28T19:00:00Z',
        }),
        NOW,
      ),
    ).toBe('You are self-excluded until the account reopens at 29/11/2026 00:30 (IST)');
  });

  it("rewrites the server's IST times as the site writes them", () => {
    expect(siteTimesIn('You are on a break until 2026-12-04 18:30 IST: no bets')).toBe(
      'You are on a break until 04/12/2026 18:30 (IST): no bets',
    );
    expect(siteTimesIn('No time here')).toBe('No time here');
  });
});
