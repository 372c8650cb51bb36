import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, User } from '@portal/contract';
import { api } from '@/lib/api/client';
import { unwrapSuccess } from '@/lib/api/errors';
import { useAuthStore } from '@/lib/auth/auth-store';

export interface AuthResult {
  user: User;
  token: string;
}

/** POST /users/login; successful only when the answer's status is 'success' (spec §5). */
export async function login(body: LoginRequest): Promise<AuthResult> {
  const { data } = await api.post<{ status: string; message?: string; data?: AuthResult }>('/users/login', body);
  const result = unwrapSuccess(data);
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
