import { queryOptions, useQuery } from '@tanstack/react-query';
import type { apiKeyCreatedResponse, apiKeyListResponse, CreateApiKeyRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';

export type ApiKeyBase = typeof apiPaths.integrations.adminApiKeys | typeof apiPaths.integrations.partnerApiKeys;

/** GET /admin/api-keys or /users/api-keys: never the keys themselves. */
export const apiKeysQueryOptions = (base: ApiKeyBase) =>
  queryOptions({ queryKey: ['integrations', base], queryFn: () => getData<typeof apiKeyListResponse>(api.get(base)) });

export const useApiKeys = (base: ApiKeyBase) => useQuery(apiKeysQueryOptions(base));

/** POST: the answer carries the key, the only time it is shown. */
export const useCreateApiKey = (base: ApiKeyBase) =>
  useRefetchingMutation(
    (body: CreateApiKeyRequest) => getData<typeof apiKeyCreatedResponse>(api.post(base, body)),
    apiKeysQueryOptions(base).queryKey,
  );

/** DELETE: revoked at once, everywhere. */
export const useRevokeApiKey = (base: ApiKeyBase) =>
  useRefetchingMutation(
    (keyId: number) => api.delete(apiPaths.integrations.apiKey(base, keyId)),
    apiKeysQueryOptions(base).queryKey,
  );
