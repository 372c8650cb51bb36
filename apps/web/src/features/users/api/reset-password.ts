import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** POST /users/reset-password with the token from the emailed link. */
export async function resetPassword(body: ResetPasswordRequest): Promise<void> {
  await getMessage(api.post(apiPaths.users.resetPassword, body));
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
