/** A table's filter in its tools row: a labelled select of fixed choices, each change the new value. */
export function ToolSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  testId: string;
}) {
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <select
        className="input input--small"
        value={value}
        onChange={(e) => onChange(e.target.value as Value)}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
