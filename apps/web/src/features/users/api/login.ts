import { useMutation } from '@tanstack/react-query';
import type { authResponse, LoginChallenge, LoginRequest, loginResponse, TwoFactorLoginRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData, type ApiData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useAuthStore } from '@/lib/auth/auth-store';

export type AuthResult = ApiData<typeof authResponse>;
export type LoginResult = ApiData<typeof loginResponse>;

export const isLoginChallenge = (result: LoginResult): result is LoginChallenge => 'two_factor_required' in result;

/**
 * POST /users/login; successful only when the answer's status is 'success' (spec §5). An account
 * with two-factor on answers a challenge for the code step instead of a session.
 */
export async function login(body: LoginRequest): Promise<LoginResult> {
  const result = await getData<typeof loginResponse>(api.post(apiPaths.users.login, body));
  if (isLoginChallenge(result)) return result;
  if (!result.token || !result.user) throw new Error('Login answer without a session');
  return result;
}

/** Signs in and stores the session (or hands back the challenge); the guest guard then moves on. */
export function useLogin() {
  const setSession = useAuthStore((s) => s.setSession);
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!isLoginChallenge(result)) setSession(result.token, result.user);
    },
  });
}

/** POST /users/login/two-factor: the challenge and a code (or a recovery code) for the session. */
export async function loginWithSecondFactor(body: TwoFactorLoginRequest): Promise<{ result: AuthResult; message?: string }> {
  const { data } = await api.post<{ status?: string; message?: string; data?: AuthResult }>(apiPaths.users.loginTwoFactor, body);
  if (data.status !== 'success' || !data.data?.token) throw new Error('Login answer without a session');
  return { result: data.data, message: data.message };
}

export function useTwoFactorLogin() {
  const setSession = useAuthStore((s) => s.setSession);
  return useMutation({
    mutationFn: loginWithSecondFactor,
    onSuccess: ({ result }) => setSession(result.token, result.user),
  });
}
