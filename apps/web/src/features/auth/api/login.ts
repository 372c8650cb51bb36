import { useMutation } from '@tanstack/react-query';
import type { authResponse, LoginRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData, type ApiData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useAuthStore } from '@/lib/auth/auth-store';

export type AuthResult = ApiData<typeof authResponse>;

/** POST /users/login; successful only when the answer's status is 'success' (spec §5). */
export async function login(body: LoginRequest): Promise<AuthResult> {
  const result = await getData<typeof authResponse>(api.post(apiPaths.users.login, body));
  if (!result.token || !result.user) throw new Error('Login answer without a session');
  return result;
}

/** Signs in and stores the session; the guest guard then moves on to the right page. */
export function useLogin() {
  const setSession = useAuthStore((s) => s.setSession);
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => setSession(token, user),
  });
}
