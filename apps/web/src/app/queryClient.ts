import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Client errors (4xx) are answers, not glitches: no retry. Network trouble and 5xx get one more try. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
