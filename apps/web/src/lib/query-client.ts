import { QueryClient } from '@tanstack/react-query';
import { ApiError, NO_ANSWER } from './api';

/** One client for the whole app, so non-React code (logout, refreshBalance) can reach the cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (status false, 4xx) or a server failure will not change at once; network trouble might.
      retry: (count, err) => (!(err instanceof ApiError) || err.httpStatus === NO_ANSWER) && count < 2,
    },
  },
});
