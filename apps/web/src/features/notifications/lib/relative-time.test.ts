import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('when a notification came', () => {
  it('is said as a bettor says it, up to a week', () => {
    expect(relativeTime(before(10), NOW)).toBe('just now');
    // The server's clock a little ahead of the browser's.
    expect(relativeTime(before(-5), NOW)).toBe('just now');
    expect(relativeTime(before(50), NOW)).toBe('1 minute ago');
    expect(relativeTime(before(5 * 60), NOW)).toBe('5 minutes ago');
    expect(relativeTime(before(3 * 3600), NOW)).toBe('3 hours ago');
    expect(relativeTime(before(26 * 3600), NOW)).toBe('yesterday');
    expect(relativeTime(before(4 * 86400), NOW)).toBe('4 days ago');
  });

  it('is the IST date and time after a week, and nothing for an unreadable instant', () => {
    expect(relativeTime('2026-11-01T06:30:00.000Z', NOW)).toBe('01/11/2026 12:00');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});
