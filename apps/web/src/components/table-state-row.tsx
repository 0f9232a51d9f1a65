import { Spinner } from './spinner';

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
