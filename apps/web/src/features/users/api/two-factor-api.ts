import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisableTwoFactorRequest,
  StartTwoFactorSetupRequest,
  recoveryCodesResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData, getMessage, type ApiData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

export const twoFactorStatusQuery = queryOptions({
  queryKey: ['users', 'two-factor'] as const,
  queryFn: () => getData<typeof twoFactorStatusResponse>(api.get(apiPaths.users.twoFactor)),
});

/** GET /users/two-factor: on or off, recovery codes left, and whether this account must set it up first. */
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery);

export type TwoFactorSetup = ApiData<typeof twoFactorSetupResponse>;

/** POST /users/two-factor/setup: for the current password, a new secret and its QR code (any earlier unconfirmed one is replaced). */
export const useStartTwoFactorSetup = () =>
  useMutation({
    mutationFn: (body: StartTwoFactorSetupRequest) =>
      getData<typeof twoFactorSetupResponse>(api.post(apiPaths.users.twoFactorSetup, body)),
  });

const sessionsKey = ['users', 'sessions'] as const;

function useInvalidateAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: sessionsKey }),
    ]);
}

/** POST /users/two-factor/enable: the first code turns it on and answers the recovery codes, once. */
export function useEnableTwoFactor() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (code: string) => getData<typeof recoveryCodesResponse>(api.post(apiPaths.users.twoFactorEnable, { code })),
    onSuccess: invalidate,
  });
}

/** POST /users/two-factor/recovery-codes: ten new codes for a current code; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (code: string) =>
      getData<typeof recoveryCodesResponse>(api.post(apiPaths.users.twoFactorRecoveryCodes, { code })),
    onSuccess: invalidate,
  });
}

/** POST /users/two-factor/disable: the password and a code (or a recovery code). */
export function useDisableTwoFactor() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (body: DisableTwoFactorRequest) => getMessage(api.post(apiPaths.users.twoFactorDisable, body)),
    onSuccess: invalidate,
  });
}
