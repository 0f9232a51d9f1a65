/** The page sizes a paged report table offers. */
const PAGE_SIZES = [10, 20, 50, 100];
/** The page size a paged report table opens with. */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * Above a paged table: "Show [N] entries", and "Loading…" while `loading` (a new page or size
 * being fetched over the rows still shown).
 */
export function TableTools({
  value,
  onChange,
  testId,
  loading,
}: {
  value: number;
  onChange: (limit: number) => void;
  /** The page size select's test id. */
  testId: string;
  loading: boolean;
}) {
  return (
    <div className="table-tools">
      <label className="field field--inline">
        <span className="field__label">Show</span>
        <select
          className="input input--small"
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          data-testid={testId}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <span className="field__label">entries</span>
      </label>
      {loading && <span className="muted">Loading…</span>}
    </div>
  );
}
