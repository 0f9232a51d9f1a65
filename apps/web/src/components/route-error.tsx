import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '@/lib/api';

/** Words for what went wrong: the API's readable message, a page that did not load, or a fault. */
function describe(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (isRouteErrorResponse(error) && error.status === 404) return 'There is no page at this address.';
  // A lazily loaded page whose file could not be fetched (connection lost, or a new release).
  if (error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message))
    return 'This page could not be loaded. Check your connection and try again.';
  return 'This page could not be shown because of a fault on our side. Trying again may help.';
}

/**
 * Shown when a page throws while rendering; the details go to the console, Retry reloads the page.
 * `home`: the app's start page (the bettors' #/home, the console's #/).
 */
export function RouteError({ home = '/home' }: { home?: string }) {
  const error = useRouteError();
  useEffect(() => console.error('Page failed', error), [error]);
  return (
    <div className="route-error" role="alert" data-testid="route-error">
      <h1>Something went wrong</h1>
      <p>{describe(error)}</p>
      <p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Retry
        </button>{' '}
        or go to the <Link to={home}>home page</Link>.
      </p>
    </div>
  );
}
