import { describe, expect, it } from 'vitest';
import { auditDiff, shownValue } from './audit-diff';

describe('audit diff', () => {
  it('lines up every field of both sides and marks the changed ones', () => {
    expect(
      auditDiff(
        { name: 'Cricket', is_active: true, order: 1 },
        { name: 'Cricket', is_active: false, order: 1, note: 'x' },
      ),
    ).toEqual([
      { field: 'name', before: 'Cricket', after: 'Cricket', changed: false },
      { field: 'is_active', before: 'true', after: 'false', changed: true },
      { field: 'order', before: '1', after: '1', changed: false },
      { field: 'note', before: '—', after: 'x', changed: true },
    ]);
  });

  it('a creation has no before, a settlement may carry objects', () => {
    expect(auditDiff(null, { runs: 57, winners: [1, 2] })).toEqual([
      { field: 'runs', before: '—', after: '57', changed: true },
      { field: 'winners', before: '—', after: '[1,2]', changed: true },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('shows an empty text apart from a missing one', () => {
    expect(shownValue('')).toBe('""');
    expect(shownValue(null)).toBe('—');
    expect(shownValue({ a: 1 })).toBe('{"a":1}');
  });
});
