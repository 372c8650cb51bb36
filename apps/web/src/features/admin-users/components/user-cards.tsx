import { leadStatusLabels, type AdminUserDetail } from '@portal/contract';
import { LeadStatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { shortDate } from './format';
import { formatDateTime } from '@/lib/format';

/** The partner's most recent referrals, newest first. */
export function RecentReferrals({ referrals }: { referrals: AdminUserDetail['recent_referrals'] }) {
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900">Referrals</h2>
      {referrals.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600">No referrals yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {referrals.map((lead) => (
            <li key={lead.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{lead.company}</p>
                <p className="text-slate-500">
                  {lead.contact} · {shortDate(lead.created_at)}
                </p>
              </div>
              <LeadStatusBadge status={lead.status} />
            </li>
          ))}
        </ul>
      )}
      {referrals.length > 0 && (
        <p className="border-t border-slate-200 px-5 py-2 text-xs text-slate-500">
          The {referrals.length} most recent; {leadStatusLabels.approved.toLowerCase()}s count toward conversion.
        </p>
      )}
    </Card>
  );
}

/** What admins changed on this user, newest first. */
export function UserAuditTrail({ audit }: { audit: AdminUserDetail['audit'] }) {
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900">Audit trail</h2>
      {audit.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600">No admin changes recorded.</p>
      ) : (
        <ol className="divide-y divide-slate-200">
          {audit.map((entry) => (
            <li key={entry.id} className="px-5 py-3 text-sm">
              <p className="font-medium text-slate-900">{entry.action.replace(/^user\./, '').replace(/_/g, ' ')}</p>
              <p className="text-slate-500">
                {entry.actor?.name ?? 'System'} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card className="p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
    </Card>
  );
}
