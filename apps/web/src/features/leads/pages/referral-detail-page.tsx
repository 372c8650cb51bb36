import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link';
import { LeadTimeline } from '@/components/lead-timeline';
import { integrityMessages } from '@portal/contract';
import { Badge, LeadStatusBadge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getServerMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useMyLead } from '../api/get-my-lead';
import { QueryState } from '@/components/ui/query-state';
import { ReferralEarningsCard } from '../components/referral-earnings';
import { ReferralReplyForm } from '../components/referral-reply-form';
import { apiPaths } from '@/lib/api/paths';
import { TermList } from '@/components/ui/term-list';

/**
 * /referrals/:id: what the partner submitted and how the referral moved (partner-visible events only).
 * `underReviewSlot` is shown while the referral is under review (app/ composes the integrity note there).
 */
export function ReferralDetailPage({ underReviewSlot }: { underReviewSlot?: (leadId: string) => ReactNode } = {}) {
  const { id = '' } = useParams();
  const lead = useMyLead(id);

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={paths.partner.referrals} tone="brand">
        All referrals
      </BackLink>
      <QueryState query={lead} errorTitle={getServerMessage(lead.error) ?? 'This referral could not be loaded'}>
        {(data) => (
          <>
            <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900 wrap-anywhere">{data.business}</h1>
              <div className="flex items-center gap-3 self-start sm:self-auto">
                <LeadStatusBadge status={data.status} className="text-sm" />
                {data.under_review && (
                  <Badge tone="amber" className="text-sm">
                    {integrityMessages.underReview}
                  </Badge>
                )}
                <Link to={paths.partner.proposalFor(data.id, data.business)} className={buttonClasses('secondary', 'sm')}>
                  Make a proposal
                </Link>
              </div>
            </div>
            <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <Card className="p-5 sm:p-6">
                <h2 className="mb-4 text-base font-semibold text-slate-900">What you submitted</h2>
                <TermList
                  items={[
                    ['Contact', data.contact],
                    ['Email', data.email],
                    ['Phone', data.phone],
                    ['Industry', data.industry],
                    ['Additional notes', data.notes || 'None provided'],
                    ['Submitted', formatDateTime(data.submitted_at)],
                    ['Last update', formatDateTime(data.updated_at)],
                  ]}
                  className="space-y-3 text-sm"
                  valueClassName="text-slate-900 whitespace-pre-wrap wrap-anywhere"
                />
              </Card>
              <Card className="p-5 sm:p-6">
                <h2 className="mb-4 text-base font-semibold text-slate-900">Progress</h2>
                <LeadTimeline
                  events={data.events}
                  emptyText="No updates yet. Each step of this referral will show here."
                  attachmentPath={(fileId) => apiPaths.leads.mineAttachment(data.id, fileId)}
                  replyTitle="Your reply"
                />
                <div className="mt-6 border-t border-slate-200 pt-5">
                  <ReferralReplyForm leadId={data.id} />
                </div>
              </Card>
            </div>
            {data.under_review && underReviewSlot && <div className="mt-6">{underReviewSlot(data.id)}</div>}
            {data.status === 'approved' && (
              <div className="mt-6">
                <ReferralEarningsCard leadId={data.id} />
              </div>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
