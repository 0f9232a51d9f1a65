import { Spinner } from '@/components';
import './matches.css';

/** Loading and failure of a page's main query: a spinner, or the server's message. */
export function QueryState({ isLoading, error }: { isLoading: boolean; error: Error | null }) {
  if (error) {
    return (
      <p className="matches-error" role="alert" data-testid="load-error">
        {error.message}
      </p>
    );
  }
  return isLoading ? <Spinner /> : null;
}
