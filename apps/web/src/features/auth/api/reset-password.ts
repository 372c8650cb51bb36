import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { ensureSuccess } from '@/lib/api/errors';

/** POST /users/reset-password with the token from the emailed link. */
export async function resetPassword(body: ResetPasswordRequest): Promise<void> {
  const { data } = await api.post<{ status?: string; message?: string }>('/users/reset-password', body);
  ensureSuccess(data);
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
