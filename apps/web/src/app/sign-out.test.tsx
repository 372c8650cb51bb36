// Why a session ended, as /login says it: a request the server answers 401 while the logout is under way must not
// turn an inactivity logout into "Your session has ended".
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useLogout } from '@/features/users/api/logout';
import { api as apiClient } from '@/lib/api/client';
import { initAuth, useAuthStore } from '@/lib/auth/auth-store';
import { api, partner, server, setUpAppTests, storeSession } from './testing/render-app';

setUpAppTests();

describe('signing out after inactivity', () => {
  it('keeps "inactivity" as the reason when a request in flight is answered 401 once the server ended the session', async () => {
    storeSession(partner);
    initAuth();
    let sessionEnded = false;
    const seen: (string | null)[] = [];
    server.use(
      http.post(api('/users/logout'), async ({ request }) => {
        seen.push(request.headers.get('authorization'));
        sessionEnded = true;
        await delay(50);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(api('/users/me'), async () => {
        await delay(10);
        return sessionEnded
          ? HttpResponse.json({ status: 'error', message: 'Session expired' }, { status: 401 })
          : HttpResponse.json({ status: 'success', data: { user: partner } });
      }),
    );
    const queryClient = new QueryClient();
    const { result } = renderHook(() => useLogout(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    const signingOut = result.current('inactivity');
    // A profile refresh that left while the logout was on its way.
    const refresh = apiClient.get('/users/me').catch(() => 'refused');
    await Promise.all([signingOut, refresh]);
    expect(seen).toEqual(['Bearer stored-token']);
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().signOutReason).toBe('inactivity');
  });
});
