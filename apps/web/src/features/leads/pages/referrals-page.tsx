import { useMemo } from 'react';
import { Link } from 'react-router';
import { integrityMessages, leadStatuses, leadStatusLabels, type LeadStatus, type PartnerLeadSummary } from '@portal/contract';
import { DownloadIcon } from '@/components/icons';
import { SearchInput } from '@/components/search-input';
import { Badge, LeadStatusBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { type Column } from '@/components/ui/table';
import { Tabs } from '@/components/ui/tabs';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { compact, useUrlFilters } from '@/lib/url-state';
import { useExportMyLeads } from '../api/export-my-leads';
import { useMyLeadCounts } from '../api/get-my-lead-counts';
import { useMyLeads, type MyLeadFilters } from '../api/get-my-leads';
import { CursorTable, usePagedRows } from '@/components/ui/cursor-table';

const isStatus = (value: string): value is LeadStatus => (leadStatuses as readonly string[]).includes(value);

const columns: Column<PartnerLeadSummary>[] = [
  {
    key: 'business',
    header: 'Business',
    hideLabelOnPhone: true,
    cell: (lead) => (
      <Link to={paths.partner.referral(lead.id)} className="font-medium text-brand-700 hover:underline">
        {lead.business}
      </Link>
    ),
  },
  { key: 'contact', header: 'Contact', cell: (lead) => lead.contact },
  { key: 'industry', header: 'Industry', cell: (lead) => lead.industry },
  {
    key: 'submitted',
    header: 'Submitted',
    className: 'whitespace-nowrap',
    cell: (lead) => (
      <time dateTime={lead.submitted_at} title={formatDateTime(lead.submitted_at)}>
        {formatDate(lead.submitted_at)}
      </time>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (lead) => (
      <span className="inline-flex flex-wrap gap-1.5">
        <LeadStatusBadge status={lead.status} />
        {/* Referral integrity holds it; the partner never learns why. */}
        {lead.under_review && <Badge tone="amber">{integrityMessages.underReview}</Badge>}
      </span>
    ),
  },
  {
    key: 'updated',
    header: 'Last update',
    className: 'whitespace-nowrap',
    cell: (lead) => <time dateTime={lead.updated_at}>{formatDateTime(lead.updated_at)}</time>,
  },
];

/** /referrals: the partner's own referrals, where each one stands, searchable and exportable. */
export function ReferralsPage() {
  const { values, setValues } = useUrlFilters(['status', 'q'] as const);
  const filters: MyLeadFilters = useMemo(
    () => compact({ status: isStatus(values.status) ? values.status : undefined, q: values.q || undefined }),
    [values.status, values.q],
  );
  const leads = useMyLeads(filters);
  const counts = useMyLeadCounts();
  const exportCsv = useExportMyLeads();
  const rows = usePagedRows(leads);
  const isFiltered = Boolean(filters.status || filters.q);

  const onExport = async () => {
    await tryOrToast(async () => {
      await exportCsv.mutateAsync(filters);
    }, 'The export failed. Please try again.');
  };

  return (
    <>
      <PageHeader
        title="Referrals"
        description="Every merchant you referred and where their request stands."
        actions={
          <>
            <Link to={paths.partner.proposal} className={buttonClasses('secondary')}>
              Savings proposal
            </Link>
            <Button
              variant="secondary"
              onClick={() => void onExport()}
              isLoading={exportCsv.isPending}
              disabled={counts.data?.total === 0}
            >
              {!exportCsv.isPending && <DownloadIcon className="size-4" />}
              Export CSV
            </Button>
          </>
        }
      />
      <Tabs<LeadStatus | ''>
        label="Status"
        value={filters.status ?? ''}
        onChange={(status) => setValues({ status })}
        className="mb-4"
        items={[
          { value: '', label: 'All', badge: counts.data?.total },
          ...leadStatuses.map((status) => ({
            value: status,
            label: leadStatusLabels[status],
            badge: counts.data?.counts[status] ?? 0,
          })),
        ]}
      />
      <SearchInput
        label="Search referrals"
        placeholder="Business, contact or email"
        value={values.q}
        onSearch={(q) => setValues({ q })}
        className="mb-4 max-w-md"
      />
      <CursorTable
        query={leads}
        errorTitle={getServerMessage(leads.error) ?? 'Your referrals could not be loaded'}
        noun="referrals"
        caption="Your referrals"
        columns={columns}
        rows={rows}
        getRowId={(lead) => lead.id}
        empty={
          isFiltered ? (
            'No referrals match these filters.'
          ) : (
            <>
              No referrals yet. Share your Public URL, or{' '}
              <Link to={paths.partner.submit} className="font-medium text-brand-700 hover:underline">
                submit a referral
              </Link>
              : every request appears here.
            </>
          )
        }
      />
    </>
  );
}
