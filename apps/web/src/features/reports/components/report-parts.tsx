import { useState, type FormEvent } from 'react';
import { DateRangeFields, Spinner } from '@/components';
import type { DateRange } from '../api/profit-loss';

export const EMPTY_TABLE_TEXT = 'No data available in table';

/**
 * The one row a report table shows instead of its rows: a spinner while loading, the error, or
 * the empty text. Null when there are rows to show.
 */
export function TableStateRow({
  columns,
  loading,
  loadingLabel,
  empty,
  error,
}: {
  columns: number;
  loading: boolean;
  loadingLabel: string;
  empty: boolean;
  error: Error | null;
}) {
  if (loading)
    return (
      <tr>
        <td colSpan={columns}>
          <Spinner label={loadingLabel} />
        </td>
      </tr>
    );
  if (!empty) return null;
  return (
    <tr>
      <td colSpan={columns} className="table__empty" data-testid="table-empty">
        {error ? error.message : EMPTY_TABLE_TEXT}
      </td>
    </tr>
  );
}

/** From / To (IST days) and Submit; refuses a range that ends before it starts. */
export function DateRangeForm({
  initial,
  onSubmit,
  testIdPrefix,
  busy,
}: {
  initial: DateRange;
  onSubmit: (range: DateRange) => void;
  testIdPrefix: string;
  busy?: boolean;
}) {
  const [draft, setDraft] = useState(initial);
  const invalid = draft.from_date > draft.to_date;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) onSubmit(draft);
  };
  return (
    <form className="filters" onSubmit={submit} data-testid={`${testIdPrefix}-filters`}>
      <DateRangeFields value={draft} onChange={setDraft} testIdPrefix={testIdPrefix} />
      <button
        type="submit"
        className="btn btn--primary"
        disabled={invalid}
        data-testid={`${testIdPrefix}-submit`}
      >
        Submit
      </button>
      {invalid && <span className="field__error">From date must not be after to date</span>}
      {busy && <span className="muted">Loading…</span>}
    </form>
  );
}
