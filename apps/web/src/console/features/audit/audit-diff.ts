/** One field of an audited object, before and after the action. */
export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/** A field's value as the diff shows it: text as is, numbers and flags written out, objects as JSON, none as a dash. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields of an audit row side by side: every field either side has, in the order they come
 * (before's first), changed ones marked. A creation has no before, a deletion no after.
 */
export function auditDiff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DiffRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const b = before ? shownValue(before[field]) : '—';
    const a = after ? shownValue(after[field]) : '—';
    return { field, before: b, after: a, changed: b !== a };
  });
}
