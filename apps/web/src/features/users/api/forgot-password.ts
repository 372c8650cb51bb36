import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** POST /users/forgot-password; the answer is the same whether or not the account exists. */
export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<void> {
  await getMessage(api.post(apiPaths.users.forgotPassword, body));
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
