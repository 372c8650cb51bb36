import toast from 'react-hot-toast';
import { integrationMessages as m } from '@portal/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { useDeliveries, useResendDelivery } from '../api/deliveries';
import type { EndpointBase } from '../api/endpoints';

/** The last 30 days of deliveries of one endpoint: what was sent, what came back, and Resend. */
export function DeliveryLog({ base, endpointId }: { base: EndpointBase; endpointId: number }) {
  const deliveries = useDeliveries(base, endpointId);
  const resend = useResendDelivery(base, endpointId);
  return (
    <QueryState
      query={{ ...deliveries, data: deliveries.data?.pages.flatMap((page) => page.items) }}
      errorTitle="Failed to load the delivery log"
      loading={<Spinner label="Loading deliveries" />}
      empty={{
        when: (items) => items.length === 0,
        show: <p className="text-sm text-slate-600">No deliveries in the last 30 days.</p>,
      }}
    >
      {(items) => (
        <div>
          <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200">
            {items.map((d) => (
              <li key={d.id} className="p-3 text-sm">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Badge tone={d.ok ? 'green' : 'red'}>{d.status_code ?? 'No answer'}</Badge>
                  <span className="font-mono text-xs text-slate-800">{d.event_type}</span>
                  <span className="text-slate-500">{formatDateTime(d.created_at)}</span>
                  <span className="text-slate-500">
                    {d.duration_ms} ms · attempt {d.attempt}
                  </span>
                  <Button
                    className="ml-auto"
                    variant="secondary"
                    size="sm"
                    isLoading={resend.isPending && resend.variables === d.id}
                    onClick={() =>
                      resend.mutate(d.id, {
                        onSuccess: () => toast.success(m.resendQueued),
                        onError: (error) => toast.error(getServerMessage(error) ?? 'Could not resend'),
                      })
                    }
                  >
                    Resend
                  </Button>
                </div>
                {d.error && <p className="mt-1 text-red-700">{d.error}</p>}
                <details className="mt-2">
                  <summary className="cursor-pointer text-slate-600 hover:text-slate-900">Request and answer</summary>
                  <p className="mt-2 text-xs text-slate-500">webhook-id {d.message_id}</p>
                  <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
                    {d.request_body}
                  </pre>
                  <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
                    {d.response_excerpt || '(empty answer)'}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
          {deliveries.hasNextPage && (
            <Button
              className="mt-3"
              variant="secondary"
              size="sm"
              isLoading={deliveries.isFetchingNextPage}
              onClick={() => void deliveries.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </div>
      )}
    </QueryState>
  );
}
