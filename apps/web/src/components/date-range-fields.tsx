import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatDay, parseDay } from '@/lib/format';

/** A report's From / To pair of IST days (`yyyy-MM-dd`): neither end can be set past the other. */
export interface DayRange {
  from_date: string;
  to_date: string;
}

/** What stops a range from being sent, in words; null when it can go. */
export function rangeProblem(range: DayRange): string | null {
  if (!range.from_date || !range.to_date) return 'Enter both dates as dd/mm/yyyy';
  if (range.from_date > range.to_date) return 'From date must not be after to date';
  return null;
}

/**
 * One IST day (a report's day, or an end of a range), typed and shown as dd/mm/yyyy like the
 * report tables (a browser's own date input follows the browser's locale, mm/dd/yyyy in en-US),
 * with a calendar button that opens the browser's date picker. `value` is `yyyy-MM-dd`, or '' while the text is not a real day.
 */
export function DayField({
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (ymd: string) => void;
  testId: string;
}) {
  const [text, setText] = useState(() => formatDay(value));
  const [shown, setShown] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  // A day set from outside (the picker, a reset) replaces the text unless the text already says it.
  if (value !== shown) {
    setShown(value);
    if (parseDay(text) !== value) setText(formatDay(value));
  }
  const bad = text.trim() !== '' && parseDay(text) === '';
  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
    }
  };
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <span className="day-field">
        <input
          className="input day-field__text"
          type="text"
          inputMode="numeric"
          placeholder="dd/mm/yyyy"
          maxLength={10}
          value={text}
          aria-invalid={bad}
          aria-description="Day as dd/mm/yyyy"
          onChange={(e) => {
            setText(e.target.value);
            onChange(parseDay(e.target.value));
          }}
          required
          data-testid={testId}
        />
        <button
          type="button"
          className="day-field__pick"
          aria-label={`Choose the ${label} date`}
          onClick={openPicker}
          data-testid={`${testId}-pick`}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <rect
              x="1.5"
              y="3"
              width="13"
              height="11.5"
              rx="1.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
            <path d="M1.5 6.5h13M5 1v3.5M11 1v3.5" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
        {/* The browser's picker only: hidden, out of the tab order and of the accessibility tree. */}
        <input
          ref={picker}
          className="day-field__native"
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          value={value}
          min={min}
          max={max}
          onChange={(e) => onChange(e.target.value)}
        />
      </span>
    </label>
  );
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
      <DayField
        label="From"
        value={value.from_date}
        max={value.to_date || undefined}
        onChange={(from_date) => onChange({ ...value, from_date })}
        testId={`${testIdPrefix}-from`}
      />
      <DayField
        label="To"
        value={value.to_date}
        min={value.from_date || undefined}
        onChange={(to_date) => onChange({ ...value, to_date })}
        testId={`${testIdPrefix}-to`}
      />
    </>
  );
}

/** A date range filter's Submit, off while `problem` (from rangeProblem) stands, said beside it. */
export function RangeSubmit({ problem, testIdPrefix }: { problem: string | null; testIdPrefix: string }) {
  return (
    <>
      <button
        type="submit"
        className="btn btn--primary"
        disabled={problem !== null}
        data-testid={`${testIdPrefix}-submit`}
      >
        Submit
      </button>
      {problem && <span className="field__error">{problem}</span>}
    </>
  );
}

/**
 * From / To (IST days) and Submit; refuses a range that is incomplete or ends before it starts.
 * `children` (an Export CSV button) follow Submit on the form's line.
 */
export function DateRangeForm({
  initial,
  onSubmit,
  testIdPrefix,
  busy,
  children,
}: {
  initial: DayRange;
  onSubmit: (range: DayRange) => void;
  testIdPrefix: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(initial);
  const problem = rangeProblem(draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) onSubmit(draft);
  };
  return (
    <form className="filters" onSubmit={submit} data-testid={`${testIdPrefix}-filters`}>
      <DateRangeFields value={draft} onChange={setDraft} testIdPrefix={testIdPrefix} />
      <RangeSubmit problem={problem} testIdPrefix={testIdPrefix} />
      {children}
      {busy && <span className="muted">Loading…</span>}
    </form>
  );
}
