import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePixelRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { ensureSuccess } from '@/lib/api/errors';
import { useAuthStore } from '@/lib/auth/auth-store';
import { pixelIdQueryOptions } from './get-pixel-id';

/** PUT /users/update-pixel-id. */
export async function updatePixelId(body: UpdatePixelRequest): Promise<void> {
  const { data } = await api.put<{ status?: string; message?: string }>('/users/update-pixel-id', body);
  ensureSuccess(data);
}

export function useUpdatePixelId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePixelId,
    onSuccess: (_result, { facebook_pixel_id }) => {
      queryClient.setQueryData(pixelIdQueryOptions().queryKey, facebook_pixel_id);
      const { user, setUser } = useAuthStore.getState();
      if (user) setUser({ ...user, facebook_pixel_id });
    },
  });
}
