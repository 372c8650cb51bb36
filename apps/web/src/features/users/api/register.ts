import type { authResponse, RegisterRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { requireSession, useSigningIn, type AuthResult } from './login';

/** POST /users/register; successful only when the answer's status is 'success' (spec §5). */
export async function registerPartner(body: RegisterRequest): Promise<AuthResult> {
  return requireSession(await getData<typeof authResponse>(api.post(apiPaths.users.register, body)), 'Registration');
}

/** Creates the account and stores the session, like login. */
export const useRegister = () => useSigningIn(registerPartner, (result) => result);
