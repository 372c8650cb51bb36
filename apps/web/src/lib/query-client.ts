import axios from 'axios';
import { QueryClient } from '@tanstack/react-query';

/** Client errors (4xx) will not change on a retry; network errors and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown) {
  if (axios.isAxiosError(error) && error.response && error.response.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
