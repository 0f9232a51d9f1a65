import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';

/** Shown when a page throws while rendering; the details go to the console. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('Page failed', error), [error]);
  return (
    <div className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Reload the page, or go back to the home page.</p>
      <p>
        <Link to="/home">Home</Link> ·{' '}
        <a href={window.location.href} onClick={() => window.location.reload()}>
          Reload
        </a>
      </p>
    </div>
  );
}
