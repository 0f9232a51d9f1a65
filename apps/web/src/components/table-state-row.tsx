import { isRetryable } from '@/lib/api';
import { Spinner } from './spinner';

export const EMPTY_TABLE_TEXT = 'No data available in table';

/**
 * The one row a report table shows instead of its rows: a spinner while loading, the error (with
 * Retry when trying again can help and the page passes its refetch), or the empty text. Null
 * when there are rows to show.
 */
export function TableStateRow({
  columns,
  loading,
  loadingLabel,
  empty,
  error,
  onRetry,
  emptyText = EMPTY_TABLE_TEXT,
}: {
  columns: number;
  loading: boolean;
  loadingLabel: string;
  empty: boolean;
  error: Error | null;
  onRetry?: () => unknown;
  /** What an empty table says (the reports' 'No data available in table' unless given). */
  emptyText?: string;
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
        {error ? error.message : emptyText}
        {error && onRetry && isRetryable(error) && (
          <>
            {' '}
            <button type="button" className="btn btn--small" onClick={() => void onRetry()} data-testid="load-retry">
              Retry
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
