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
  return isLoginChallenge(result) ? result : requireSession(result, 'Login');
}

/** A success answer that opens no session is a failure all the same. */
export function requireSession(result: AuthResult, answer: 'Login' | 'Registration'): AuthResult {
  if (!result.token || !result.user) throw new Error(`${answer} answer without a session`);
  return result;
}

/** A mutation that signs in: it stores the session its answer opens, if any; the guest guard then moves on. */
export function useSigningIn<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  sessionOf: (data: TData) => AuthResult | null,
) {
  const setSession = useAuthStore((s) => s.setSession);
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      const session = sessionOf(data);
      if (session) setSession(session.token, session.user);
    },
  });
}

/** Signs in and stores the session (or hands back the challenge). */
export const useLogin = () => useSigningIn(login, (result) => (isLoginChallenge(result) ? null : result));

/** POST /users/login/two-factor: the challenge and a code (or a recovery code) for the session. */
export async function loginWithSecondFactor(body: TwoFactorLoginRequest): Promise<{ result: AuthResult; message?: string }> {
  const { data } = await api.post<{ status?: string; message?: string; data?: AuthResult }>(apiPaths.users.loginTwoFactor, body);
  if (data.status !== 'success' || !data.data?.token) throw new Error('Login answer without a session');
  return { result: data.data, message: data.message };
}

export const useTwoFactorLogin = () => useSigningIn(loginWithSecondFactor, ({ result }) => result);
