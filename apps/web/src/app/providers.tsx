import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from '@/lib/query-client';

/** Server-data cache and toasts; react-hot-toast's defaults are the spec's (§9). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Default timings and looks (spec §9); only moved below the sticky 64 px navigation bar. */}
      <Toaster containerStyle={{ top: 72 }} />
    </QueryClientProvider>
  );
}
