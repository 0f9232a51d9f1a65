import { describe, expect, it } from 'vitest';
import { fromIstInput, toIstInput } from './ist-time';

describe('IST start times', () => {
  it('shows an instant in IST, 5:30 ahead of UTC, across midnight', () => {
    expect(toIstInput('2026-03-01T14:00:00.000Z')).toBe('2026-03-01T19:30');
    expect(toIstInput('2026-03-01T20:15:00Z')).toBe('2026-03-02T01:45');
    expect(toIstInput(null)).toBe('');
    expect(toIstInput('soon')).toBe('');
  });

  it('sends a typed IST time as the UTC instant, and back again unchanged', () => {
    expect(fromIstInput('2026-03-02T01:45')).toBe('2026-03-01T20:15:00.000Z');
    expect(toIstInput(fromIstInput('2026-12-31T23:59'))).toBe('2026-12-31T23:59');
    expect(fromIstInput('')).toBe('');
    expect(fromIstInput('2026-13-40T99:00')).toBe('');
  });
});
