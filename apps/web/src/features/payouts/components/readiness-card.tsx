import { Link } from 'react-router';
import { formatCents, payoutStatusLabels, type ReadinessState } from '@portal/contract';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryError } from '@/components/ui/query-state';
import { paths } from '@/lib/paths';
import { usePayoutDetails } from '../api/get-payout-details';
import { useDownload1099 } from '../api/download-1099';
import { Button } from '@/components/ui/button';

export const readinessTones: Record<ReadinessState, BadgeTone> = {
  not_started: 'slate',
  submitted: 'blue',
  ready: 'green',
  needs_attention: 'amber',
};

/**
 * The partner's payout readiness: Not started, Submitted, Ready or Needs attention with the reason,
 * what is held while it is not Ready, a payout hold and the last payout. On the dashboard and
 * /compensation it links to Settings → Payouts; on that tab it has no link.
 */
export function PayoutReadinessCard({ withLink = true }: { withLink?: boolean }) {
  const details = usePayoutDetails();
  const download = useDownload1099();
  if (details.isError) return <QueryError query={details} title="Could not load your payout status" />;
  const data = details.data;
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="payout-readiness-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="payout-readiness-title" className="text-base font-semibold text-slate-900">
              Payouts
            </h2>
            {data ? (
              <Badge tone={readinessTones[data.readiness.state]}>{data.readiness.label}</Badge>
            ) : (
              <Skeleton className="h-5 w-20" />
            )}
          </div>
          {data ? (
            <p className="text-sm text-slate-600" data-testid="readiness-message">
              {data.readiness.message}
            </p>
          ) : (
            <Skeleton className="h-4 w-64" />
          )}
        </div>
        {withLink && (
          <Link
            to={paths.partner.payoutSettings}
            className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {data?.readiness.state === 'ready' ? 'Payout settings' : 'Add payout details'}
          </Link>
        )}
      </div>
      {data && (data.readiness.held_cents > 0 || data.readiness.payout_hold || data.readiness.last_payout) && (
        <dl className="mt-4 grid gap-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-3">
          {data.readiness.held_cents > 0 && (
            <div>
              <dt className="text-slate-500">Held</dt>
              <dd className="font-medium text-slate-900" data-testid="held-amount">
                {formatCents(data.readiness.held_cents, data.currency)}
              </dd>
            </div>
          )}
          {data.readiness.payout_hold && (
            <div className="sm:col-span-2">
              <dt className="text-slate-500">Payout hold</dt>
              <dd className="text-slate-900">{data.readiness.payout_hold}</dd>
            </div>
          )}
          {data.readiness.last_payout && (
            <div>
              <dt className="text-slate-500">Last payout</dt>
              <dd className="text-slate-900" data-testid="last-payout">
                {formatCents(data.readiness.last_payout.amount_cents, data.currency)} ·{' '}
                {payoutStatusLabels[data.readiness.last_payout.status]}
                {data.readiness.last_payout.return_code ? ` (${data.readiness.last_payout.return_code})` : ''} ·{' '}
                {data.readiness.last_payout.effective_date}
              </dd>
            </div>
          )}
        </dl>
      )}
      {data && data.tax_documents.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4 text-sm">
          <span className="text-slate-500">Tax forms:</span>
          {data.tax_documents.map((d) => (
            <Button
              key={d.year}
              size="sm"
              variant="secondary"
              isLoading={download.isPending && download.variables === d.year}
              onClick={() => download.mutate(d.year)}
            >
              1099-NEC {d.year}
              {d.corrected ? ' (corrected)' : ''} · PDF
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
