/** The pure rules of breaks and self-exclusion (ADR 58): calendar months, and only lengthening. */
import { describe, expect, it } from 'vitest';
import type { Restriction } from '@exchange/contracts';
import { addMonthsUtc, mayStart } from './breaks.ts';

describe('breaks and self-exclusion rules', () => {
  it('adds calendar months in UTC, on the last day of a shorter month', () => {
    expect(addMonthsUtc(new Date('2026-11-27T19:37:01.250Z'), 6).toISOString()).toBe(
      '2027-05-27T19:37:01.250Z',
    );
    expect(addMonthsUtc(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonthsUtc(new Date('2027-08-31T10:00:00Z'), 6).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-12-31T23:59:00Z'), 60).toISOString()).toBe('2031-12-31T23:59:00.000Z');
  });

  it('starts over one in force only when it lengthens it, a self-exclusion over a break always', () => {
    const inForce = (kind: Restriction['kind'], endsAt: string): Restriction => ({
      kind,
      started_at: '2026-01-01T00:00:00.000Z',
      ends_at: endsAt,
      reopen_asked_at: null,
      reopens_at: null,
    });
    const brk = inForce('BREAK', '2026-02-01T00:00:00.000Z');
    expect(mayStart(null, 'BREAK', new Date('2026-01-02T00:00:00Z'))).toBe(true);
    expect(mayStart(brk, 'BREAK', new Date('2026-01-15T00:00:00Z'))).toBe(false);
    expect(mayStart(brk, 'BREAK', new Date('2026-02-01T00:00:00Z'))).toBe(false);
    expect(mayStart(brk, 'BREAK', new Date('2026-02-02T00:00:00Z'))).toBe(true);
    expect(mayStart(brk, 'SELF_EXCLUSION', new Date('2026-01-15T00:00:00Z'))).toBe(true);
    const excluded = inForce('SELF_EXCLUSION', '2026-07-01T00:00:00.000Z');
    expect(mayStart(excluded, 'BREAK', new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(mayStart(excluded, 'SELF_EXCLUSION', new Date('2026-06-01T00:00:00Z'))).toBe(false);
    expect(mayStart(excluded, 'SELF_EXCLUSION', new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });
});
