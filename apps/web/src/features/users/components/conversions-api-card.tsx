import { useState } from 'react';
import toast from 'react-hot-toast';
import { conversionsMessages, updateConversionsTokenRequest, type ConversionsDeliveryStatus } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useConversionsStatus, useConversionsTokenMutations } from '../api/conversions-api';
import { usePixelId } from '../api/get-pixel-id';
import { QueryError } from '@/components/ui/query-state';

const deliveryLabels: Record<ConversionsDeliveryStatus, { label: string; tone: BadgeTone }> = {
  sent: { label: 'Sent', tone: 'green' },
  retrying: { label: 'Retrying', tone: 'amber' },
  failed: { label: 'Failed', tone: 'red' },
  dropped: { label: 'Not sent', tone: 'slate' },
};

/**
 * The partner's Meta Conversions API access token, next to the Pixel ID: saved once, never shown
 * again (only whether one is set), replaced or removed; and how the last server-side Lead went.
 */
export function ConversionsApiCard() {
  const status = useConversionsStatus();
  const pixel = usePixelId();
  const { save, remove } = useConversionsTokenMutations();
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  const { field, submit, formError, reset, isSubmitting } = useZodForm(updateConversionsTokenRequest, {
    defaultValues: { access_token: '' },
  });

  const onSubmit = submit(
    async (values) => {
      await save.mutateAsync(values);
      reset({ access_token: '' });
      toast.success(conversionsMessages.tokenSaved);
    },
    (error) => getServerMessage(error) ?? 'The access token could not be saved. Please try again.',
  );

  const onRemove = async () => {
    await tryOrToast(async () => {
      await remove.mutateAsync();
      toast.success(conversionsMessages.tokenRemoved);
    }, 'The access token could not be removed. Please try again.');
    setIsConfirmingRemove(false);
  };

  const data = status.data;
  const delivery = data?.last_delivery;

  return (
    <Card className="max-w-2xl">
      <div className="space-y-5 p-5 sm:p-6">
        <div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 className="text-base font-semibold text-slate-900">Conversions API</h2>
            {data?.available && (
              <Badge tone={data.token_set ? 'green' : 'slate'}>{data.token_set ? 'Token set' : 'Not set'}</Badge>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Ad blockers and browsers stop the pixel more and more. With an access token from Events Manager, we also send each
            Lead from your page to Meta from our server, with the same event id, so Meta counts it once.
          </p>
        </div>

        {status.isPending ? (
          <Spinner className="size-5 text-slate-400" label="Loading your Conversions API settings" />
        ) : status.isError ? (
          <QueryError query={status} title="Your Conversions API settings could not be loaded" />
        ) : !data?.available ? (
          <Alert tone="info">{conversionsMessages.unavailable}</Alert>
        ) : (
          <>
            {pixel.data === '' && <Alert tone="info">{conversionsMessages.pixelMissing}</Alert>}
            {formError && <Alert tone="error">{formError}</Alert>}
            <form onSubmit={onSubmit} noValidate className="space-y-3">
              <TextField
                label={data.token_set ? 'Replace the access token' : 'Access token'}
                autoComplete="off"
                spellCheck={false}
                placeholder={data.token_set ? 'Paste a new token' : 'Paste the token from Events Manager'}
                hint={
                  data.token_set
                    ? `A token is saved (since ${formatDate(data.token_updated_at)}). For your security it is never shown again.`
                    : 'Events Manager → your pixel → Settings → Conversions API → Generate access token. It is stored encrypted and never shown again.'
                }
                className="font-mono"
                {...field('access_token')}
              />
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" isLoading={isSubmitting}>
                  {isSubmitting ? 'Saving…' : data.token_set ? 'Replace token' : 'Save token'}
                </Button>
                {data.token_set && (
                  <Button variant="danger" onClick={() => setIsConfirmingRemove(true)} disabled={remove.isPending}>
                    Remove token
                  </Button>
                )}
              </div>
            </form>

            <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
              <h3 className="text-sm font-medium text-slate-900">Last server-side Lead</h3>
              {delivery ? (
                <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
                  <Badge tone={deliveryLabels[delivery.status].tone}>{deliveryLabels[delivery.status].label}</Badge>
                  <time dateTime={delivery.at}>{formatDateTime(delivery.at)}</time>
                  <span className="w-full break-words text-slate-700">{delivery.message}</span>
                </div>
              ) : (
                <p className="mt-1 text-sm text-slate-600">
                  No Lead sent yet. The next request through your link will show here.
                </p>
              )}
            </div>
          </>
        )}
      </div>
      <ConfirmDialog
        open={isConfirmingRemove}
        title="Remove the access token?"
        message="Leads from your page will then reach Meta only through the browser pixel. You can add a token again at any time."
        confirmLabel="Remove token"
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() => void onRemove()}
        onCancel={() => setIsConfirmingRemove(false)}
      />
    </Card>
  );
}
