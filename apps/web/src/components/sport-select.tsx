/** A sport as a list of them gives it (the bettors' catalog or the operator's). */
interface SportChoice {
  sport_id: number;
  name: string;
}

/**
 * A filter's sport: a labelled select of the sports given, in their order. With `allLabel` a first
 * choice of that name stands for no sport (null); the list is still loading while `sports` is not there.
 */
export function SportSelect({
  sports,
  value,
  onChange,
  allLabel,
  testId,
}: {
  sports: readonly SportChoice[] | undefined;
  value: number | null;
  onChange: (sportId: number | null) => void;
  allLabel?: string;
  testId: string;
}) {
  return (
    <label className="field field--inline">
      <span className="field__label">Sport</span>
      <select
        className="input"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        data-testid={testId}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {sports?.map((s) => (
          <option key={s.sport_id} value={s.sport_id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}
