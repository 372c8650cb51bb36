import { useMutation } from '@tanstack/react-query';
import type { authResponse, RegisterRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useAuthStore } from '@/lib/auth/auth-store';
import type { AuthResult } from './login';

/** POST /users/register; successful only when the answer's status is 'success' (spec §5). */
export async function registerPartner(body: RegisterRequest): Promise<AuthResult> {
  const result = await getData<typeof authResponse>(api.post(apiPaths.users.register, body));
  if (!result.token || !result.user) throw new Error('Registration answer without a session');
  return result;
}

/** Creates the account and stores the session, like login; the guest guard then moves on. */
export function useRegister() {
  const setSession = useAuthStore((s) => s.setSession);
  return useMutation({
    mutationFn: registerPartner,
    onSuccess: ({ token, user }) => setSession(token, user),
  });
}
