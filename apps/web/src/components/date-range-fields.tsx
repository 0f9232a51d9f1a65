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
