import { useState, type FormEvent } from 'react';

/** A report's From / To pair of IST days: neither end can be set past the other. */
export interface DayRange {
  from_date: string;
  to_date: string;
}

export function DateRangeFields<T extends DayRange>({
  value,
  onChange,
  testIdPrefix,
}: {
  value: T;
  onChange: (next: T) => void;
  testIdPrefix: string;
}) {
  return (
    <>
      <label className="field field--inline">
        <span className="field__label">From</span>
        <input
          className="input"
          type="date"
          value={value.from_date}
          max={value.to_date}
          onChange={(e) => onChange({ ...value, from_date: e.target.value })}
          required
          data-testid={`${testIdPrefix}-from`}
        />
      </label>
      <label className="field field--inline">
        <span className="field__label">To</span>
        <input
          className="input"
          type="date"
          value={value.to_date}
          min={value.from_date}
          onChange={(e) => onChange({ ...value, to_date: e.target.value })}
          required
          data-testid={`${testIdPrefix}-to`}
        />
      </label>
    </>
  );
}

/** From / To (IST days) and Submit; refuses a range that ends before it starts. */
export function DateRangeForm({
  initial,
  onSubmit,
  testIdPrefix,
  busy,
}: {
  initial: DayRange;
  onSubmit: (range: DayRange) => void;
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
