import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One client for the whole app, so non-React code (logout, refreshBalance) can reach the cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (status false, 4xx) will not change on retry; network trouble might.
      retry: (count, err) => !(err instanceof ApiError) && count < 2,
    },
  },
});
