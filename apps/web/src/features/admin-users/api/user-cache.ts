import type { QueryClient } from '@tanstack/react-query';

/** Every admin users query (lists and details) starts with this key. */
export const usersKey = ['admin', 'users'] as const;

/** After a write: the lists and the details are fetched again. */
export const refreshUserCaches = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: usersKey });
