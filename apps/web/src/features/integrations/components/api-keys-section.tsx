import { useState } from 'react';
import toast from 'react-hot-toast';
import { apiKeyMessages as m, createAdminApiKeyRequest, type ApiKey, type ApiKeyScope } from '@portal/contract';
import { PlusIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKeyBase } from '../api/api-keys';
import { CodeCheckboxes, InlineFormButtons } from './code-checkboxes';
import { SecretReveal } from './secret-reveal';

/** API keys: create with permissions (shown once), see prefix and last use, revoke. */
export function ApiKeysSection({
  base,
  scopes,
  scopeLabels,
  description,
}: {
  base: ApiKeyBase;
  scopes: readonly ApiKeyScope[];
  /** What each permission allows on this kind of key (`referrals:write` differs: admin or partner). */
  scopeLabels: Record<ApiKeyScope, string>;
  description: string;
}) {
  const keys = useApiKeys(base);
  const [isAdding, setIsAdding] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey(base);
  return (
    <Card className="max-w-4xl">
      <div className="space-y-4 p-5 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 className="text-base font-semibold text-slate-900">API keys</h2>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
          <Button variant="secondary" aria-expanded={isAdding} onClick={() => setIsAdding((open) => !open)} className="shrink-0">
            <PlusIcon className="size-4" />
            Create key
          </Button>
        </div>
        {created && <SecretReveal label="Your new API key" secret={created} onDone={() => setCreated(null)} />}
        {isAdding && (
          <ApiKeyForm
            base={base}
            scopes={scopes}
            scopeLabels={scopeLabels}
            onCancel={() => setIsAdding(false)}
            onCreated={(key) => {
              setIsAdding(false);
              setCreated(key);
            }}
          />
        )}
        <QueryState
          query={keys}
          errorTitle="Failed to load the API keys"
          loading={<Spinner label="Loading API keys" />}
          empty={{ when: (data) => data.items.length === 0, show: <p className="text-sm text-slate-600">No API keys yet.</p> }}
        >
          {(data) => (
            <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200">
              {data.items.map((key) => (
                <li key={key.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {key.name} <span className="font-mono text-xs text-slate-500">{key.prefix}…</span>
                    </p>
                    <div className="mt-1 flex flex-wrap gap-1.5">
                      {key.revoked_at ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}
                      {key.scopes.map((scope) => (
                        <Badge key={scope}>{scope}</Badge>
                      ))}
                    </div>
                    <p className="mt-1 text-xs text-slate-500">
                      Created {formatDateTime(key.created_at)} · last used{' '}
                      {key.last_used_at ? formatDateTime(key.last_used_at) : 'never'}
                      {key.allowed_ips.length > 0 && ` · only from ${key.allowed_ips.join(', ')}`}
                      {key.revoked_at && ` · revoked ${formatDateTime(key.revoked_at)}`}
                    </p>
                  </div>
                  {!key.revoked_at && (
                    <Button
                      variant="danger"
                      size="sm"
                      className="shrink-0 self-start sm:self-center"
                      onClick={() => setRevoking(key)}
                    >
                      Revoke
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke “${revoking.name}”` : 'Revoke key'}
        message="Every request with this key is refused from now on. This cannot be undone."
        confirmLabel="Revoke"
        tone="danger"
        isPending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toast.success(m.revoked);
            },
            onError: (error) => toast.error(getServerMessage(error) ?? 'Could not revoke the key'),
          })
        }
      />
    </Card>
  );
}

function ApiKeyForm({
  base,
  scopes,
  scopeLabels,
  onCancel,
  onCreated,
}: {
  base: ApiKeyBase;
  scopes: readonly ApiKeyScope[];
  scopeLabels: Record<ApiKeyScope, string>;
  onCancel: () => void;
  onCreated: (key: string) => void;
}) {
  const create = useCreateApiKey(base);
  const [ips, setIps] = useState('');
  const { field, register, submit, formError, setServerErrors, isSubmitting, formState } = useZodForm(createAdminApiKeyRequest, {
    defaultValues: { name: '', scopes: [], allowed_ips: [] },
  });
  const [ipsError, setIpsError] = useState<string | undefined>();
  const onSubmit = submit(
    async (values) => {
      setIpsError(undefined);
      const allowed = ips
        .split(/[\s,]+/)
        .map((v) => v.trim())
        .filter(Boolean);
      const result = await create.mutateAsync({ ...values, allowed_ips: allowed });
      toast.success(m.created);
      onCreated(result.key);
    },
    (error) => {
      const ipMessage = Object.entries(
        (error as { response?: { data?: { errors?: Record<string, string> } } }).response?.data?.errors ?? {},
      ).find(([key]) => key.startsWith('allowed_ips'))?.[1];
      if (ipMessage) {
        setIpsError(ipMessage);
        return undefined;
      }
      return setServerErrors(error, ['name', 'scopes']) ? undefined : (getServerMessage(error) ?? 'Could not create the key');
    },
  );
  const scopesError = (formState.errors.scopes as { message?: string } | undefined)?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField label="Key name" placeholder="e.g. POS integration" autoComplete="off" {...field('name')} />
      <CodeCheckboxes
        legend="Permissions"
        codes={scopes}
        labels={scopeLabels}
        registration={register('scopes')}
        error={scopesError}
      />
      <TextAreaField
        label="Allowed addresses (optional)"
        hint="IP addresses or ranges, one per line; empty allows any address."
        rows={2}
        value={ips}
        onChange={(event) => setIps(event.target.value)}
        error={ipsError}
      />
      <InlineFormButtons submitLabel="Create key" isSubmitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
