import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  createWebhookRequest,
  integrationMessages as m,
  webhookEventLabels,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@portal/contract';
import { PlusIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import {
  useCreateEndpoint,
  useDeleteEndpoint,
  useEndpoints,
  useSendTestEvent,
  useUpdateEndpoint,
  type EndpointBase,
} from '../api/endpoints';
import { DeliveryLog } from './delivery-log';
import { CodeCheckboxes, InlineFormButtons } from './code-checkboxes';
import { SecretReveal } from './secret-reveal';

interface EndpointsSectionProps {
  base: EndpointBase;
  title: string;
  description: string;
  noun: string;
  events: readonly WebhookEventType[];
  /** Admin webhooks may opt into merchant contact data; partner postbacks may be Slack addresses. */
  variant: 'admin' | 'partner';
  max?: number;
}

/** A list of signed endpoints with add, secret shown once, rotate, enable/disable, test event and delivery log. */
export function EndpointsSection({ base, title, description, noun, events, variant, max }: EndpointsSectionProps) {
  const endpoints = useEndpoints(base);
  const [isAdding, setIsAdding] = useState(false);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const atLimit = max !== undefined && (endpoints.data?.items.length ?? 0) >= max;
  return (
    <Card className="max-w-4xl">
      <div className="space-y-4 p-5 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 className="text-base font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
          <Button
            variant="secondary"
            aria-expanded={isAdding}
            disabled={atLimit}
            onClick={() => setIsAdding((open) => !open)}
            className="shrink-0"
          >
            <PlusIcon className="size-4" />
            Add {noun}
          </Button>
        </div>
        {atLimit && <p className="text-sm text-slate-600">{m.postbackLimit}.</p>}
        {secret && <SecretReveal label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />}
        {isAdding && (
          <EndpointForm
            base={base}
            events={events}
            variant={variant}
            onCancel={() => setIsAdding(false)}
            onCreated={(value) => {
              setIsAdding(false);
              setSecret({ label: 'Signing secret of the new endpoint', value });
            }}
          />
        )}
        <QueryState
          query={endpoints}
          errorTitle={`Failed to load the ${noun}s`}
          loading={<Spinner label={`Loading ${noun}s`} />}
          empty={{
            when: (data) => data.items.length === 0,
            show: <p className="text-sm text-slate-600">No {noun}s yet.</p>,
          }}
        >
          {(data) => (
            <ul className="space-y-3">
              {data.items.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  base={base}
                  endpoint={endpoint}
                  onSecret={(value) => setSecret({ label: `New signing secret of ${endpoint.url}`, value })}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </Card>
  );
}

function EndpointForm({
  base,
  events,
  variant,
  onCancel,
  onCreated,
}: {
  base: EndpointBase;
  events: readonly WebhookEventType[];
  variant: 'admin' | 'partner';
  onCancel: () => void;
  onCreated: (secret: string) => void;
}) {
  const create = useCreateEndpoint(base);
  const [kind, setKind] = useState<'webhook' | 'slack'>('webhook');
  const { field, register, submit, formError, setServerErrors, isSubmitting, formState } = useZodForm(createWebhookRequest, {
    defaultValues: { url: '', description: '', events: [], include_contact: false },
  });
  const onSubmit = submit(
    async (values) => {
      const body =
        variant === 'partner' ? { url: values.url, description: values.description, events: values.events, kind } : values;
      const created = await create.mutateAsync(body);
      toast.success(variant === 'partner' ? m.postbackCreated : m.endpointCreated);
      onCreated(created.secret ?? '');
    },
    (error) =>
      setServerErrors(error, ['url', 'events', 'description'])
        ? undefined
        : (getServerMessage(error) ?? 'Could not add the endpoint'),
  );
  const eventsError = (formState.errors.events as { message?: string } | undefined)?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
      {formError && <Alert tone="error">{formError}</Alert>}
      {variant === 'partner' && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Kind</legend>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            {(['webhook', 'slack'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
                {value === 'webhook' ? 'Your own endpoint (signed JSON)' : 'Slack incoming webhook'}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder={kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://example.com/webhooks'}
        {...field('url')}
      />
      <TextField label="Description (optional)" {...field('description')} />
      <CodeCheckboxes
        legend="Events"
        codes={events}
        labels={webhookEventLabels}
        registration={register('events')}
        error={eventsError}
        errorId="events-error"
      />
      {variant === 'admin' && (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-300" {...register('include_contact')} />
          <span>
            Include the merchant’s phone and email
            <span className="block text-slate-600">Off: payloads carry no merchant contact data.</span>
          </span>
        </label>
      )}
      <InlineFormButtons submitLabel="Add" isSubmitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

function EndpointRow({
  base,
  endpoint,
  onSecret,
}: {
  base: EndpointBase;
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const update = useUpdateEndpoint(base);
  const remove = useDeleteEndpoint(base);
  const test = useSendTestEvent(base);
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const failed = (fallback: string) => (error: unknown) => toast.error(getServerMessage(error) ?? fallback);
  return (
    <li className="rounded-md p-4 ring-1 ring-slate-200">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm text-slate-900">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
          <div className="mt-2 flex flex-wrap gap-1.5">
            {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
            {endpoint.kind === 'slack' && <Badge tone="violet">Slack</Badge>}
            {endpoint.include_contact && <Badge tone="amber">Contact data</Badge>}
            {endpoint.events.map((type) => (
              <Badge key={type}>{type}</Badge>
            ))}
          </div>
          {endpoint.disabled_reason && <p className="mt-2 text-sm text-red-700">{endpoint.disabled_reason}</p>}
          {endpoint.enabled && endpoint.consecutive_failures > 0 && (
            <p className="mt-2 text-sm text-amber-700">
              {endpoint.consecutive_failures === 1
                ? '1 failed delivery'
                : `${endpoint.consecutive_failures} failed deliveries in a row`}
              ; retrying.
            </p>
          )}
          <p className="mt-2 text-xs text-slate-500">
            Secret {endpoint.secret_hint}
            {endpoint.previous_secret_until && ' · the previous secret also signs for 24 hours'}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!endpoint.enabled}
          isLoading={test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, { onSuccess: () => toast.success(m.testQueued), onError: failed('Could not send') })
          }
        >
          Send test event
        </Button>
        <Button
          variant="secondary"
          size="sm"
          isLoading={update.isPending && update.variables?.patch.enabled !== undefined}
          onClick={() =>
            update.mutate(
              { id: endpoint.id, patch: { enabled: !endpoint.enabled } },
              {
                onSuccess: () => toast.success(endpoint.enabled ? m.endpointDisabled : m.endpointEnabled),
                onError: failed('Could not save'),
              },
            )
          }
        >
          {endpoint.enabled ? 'Disable' : 'Re-enable'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirm('rotate')}>
          Rotate secret
        </Button>
        <Button variant="secondary" size="sm" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button variant="danger" size="sm" onClick={() => setConfirm('delete')}>
          Delete
        </Button>
      </div>
      {showLog && (
        <div className="mt-3">
          <DeliveryLog base={base} endpointId={endpoint.id} />
        </div>
      )}
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate the signing secret"
        message="A new secret is created and shown once. For 24 hours deliveries carry signatures under both, so you can switch your receiver without missing one."
        confirmLabel="Rotate"
        isPending={update.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          update.mutate(
            { id: endpoint.id, patch: { rotate_secret: true } },
            {
              onSuccess: (data) => {
                setConfirm(null);
                if (data.secret) onSecret(data.secret);
              },
              onError: failed('Could not rotate the secret'),
            },
          )
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this endpoint"
        message={`${endpoint.url} stops receiving events and its delivery log is deleted.`}
        confirmLabel="Delete"
        tone="danger"
        isPending={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success(m.endpointDeleted);
            },
            onError: failed('Could not delete'),
          })
        }
      />
    </li>
  );
}
