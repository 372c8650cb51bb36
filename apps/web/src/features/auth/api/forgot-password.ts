import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { ensureSuccess } from '@/lib/api/errors';

/** POST /users/forgot-password; the answer is the same whether or not the account exists. */
export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<void> {
  const { data } = await api.post<{ status?: string; message?: string }>('/users/forgot-password', body);
  ensureSuccess(data);
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
