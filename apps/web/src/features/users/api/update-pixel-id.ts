import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePixelRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useAuthStore } from '@/lib/auth/auth-store';
import { pixelIdQueryOptions } from './get-pixel-id';

/** PUT /users/update-pixel-id. */
export async function updatePixelId(body: UpdatePixelRequest): Promise<void> {
  await getMessage(api.put(apiPaths.users.updatePixelId, body));
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
