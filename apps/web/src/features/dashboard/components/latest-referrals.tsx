import { paths } from '@/lib/paths';
import { Link } from 'react-router';
import { type DashboardSummary } from '@portal/contract';
import { ChevronRightIcon } from '@/components/icons';
import { LeadStatusBadge } from '@/components/ui/badge';
import { formatDate } from './format';

export function LatestReferrals({ summary }: { summary: DashboardSummary }) {
  if (summary.latest.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-slate-500">
        No referrals yet. Requests made through your link will be listed here.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {summary.latest.map((lead) => (
        <li key={lead.id}>
          <Link
            to={`${paths.partner.referrals}/${lead.id}`}
            className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{lead.business}</p>
              <p className="truncate text-xs text-slate-500">
                {lead.contact} · {formatDate(lead.submitted_at)}
              </p>
            </div>
            <LeadStatusBadge status={lead.status} />
            <ChevronRightIcon className="size-4 shrink-0 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
