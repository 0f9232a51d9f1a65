import { Spinner } from '@/components';
import { isRetryable } from '@/lib/api';
import './matches.css';

/**
 * Loading and failure of a page's main query: a spinner, or a readable message (lib/api words
 * server failures and lost connections) with a Retry button when trying again can help.
 */
export function QueryState({
  isLoading,
  error,
  onRetry,
}: {
  isLoading: boolean;
  error: Error | null;
  onRetry?: () => unknown;
}) {
  if (error) {
    return (
      <div className="matches-error" role="alert" data-testid="load-error">
        <p>{error.message}</p>
        {onRetry && isRetryable(error) && (
          <button type="button" className="btn btn--small" onClick={() => void onRetry()} data-testid="load-retry">
            Retry
          </button>
        )}
      </div>
    );
  }
  return isLoading ? <Spinner /> : null;
}
