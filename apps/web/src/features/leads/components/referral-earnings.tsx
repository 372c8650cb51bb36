import { commissionMessages, formatBps, formatCents, lineStatusLabels, type ReferralEarnings } from '@portal/contract';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useReferralEarnings } from '../api/get-referral-earnings';

/** On an approved referral: its bonus (pending or earned), residuals so far and what was paid. */
export function ReferralEarningsCard({ leadId }: { leadId: string }) {
  const query = useReferralEarnings(leadId, true);
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="referral-earnings-title">
        <h2 id="referral-earnings-title" className="mb-4 text-base font-semibold text-slate-900">
          What this referral earns you
        </h2>
        <QueryState
          query={query}
          errorTitle="Failed to load the earnings of this referral"
          retryLabel="Retry"
          loading={<Skeleton className="h-20" />}
        >
          {(data) => <Earnings data={data} />}
        </QueryState>
      </section>
    </Card>
  );
}

function Earnings({ data }: { data: ReferralEarnings }) {
  const merchant = data.merchant;
  if (!merchant) {
    return <p className="text-sm text-slate-600">The earnings show here once the merchant account is set up.</p>;
  }
  const money = (cents: number) => formatCents(cents, data.currency);
  const bonus = merchant.bonus;
  const rows: [string, string][] = [];
  if (bonus) {
    rows.push([
      'Bonus',
      bonus.status === 'pending'
        ? `${commissionMessages.bonusPending(money(bonus.amount_cents))}: ${money(merchant.volume_cents)} of ${money(merchant.bonus_min_volume_cents)} processed`
        : `${money(bonus.amount_cents)} · ${lineStatusLabels[bonus.status]}`,
    ]);
  }
  rows.push(
    [
      'Residuals so far',
      merchant.residual_months === 0
        ? `None reported yet (${formatBps(merchant.residual_share_bps)} of monthly net revenue)`
        : `${money(merchant.residual_cents)} over ${merchant.residual_months} ${merchant.residual_months === 1 ? 'month' : 'months'} (${formatBps(merchant.residual_share_bps)} of net revenue)`,
    ],
    ['Earned', money(merchant.earned_cents)],
    ['Paid to you', money(merchant.paid_cents)],
    // A calendar day: noon UTC keeps it the same day in every time zone.
    ['Approved on', formatDate(`${merchant.approved_on}T12:00:00Z`)],
  );
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="text-slate-500">{term}</dt>
          <dd className="text-slate-900" data-testid={`referral-earnings-${term.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </dd>
        </div>
      ))}
      {merchant.status === 'closed' && <p className="text-slate-600 sm:col-span-2">This merchant account is closed.</p>}
    </dl>
  );
}
