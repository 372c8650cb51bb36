import type { QueryClient } from '@tanstack/react-query';

/** Every payouts query starts with this key: a change refreshes them all (they are small). */
export const payoutsKey = ['payouts'] as const;

export const refreshPayouts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: payoutsKey });
