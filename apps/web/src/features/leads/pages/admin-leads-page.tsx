import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import {
  leadSourceLabels,
  leadSources,
  leadStatuses,
  leadStatusLabels,
  searchCountCap,
  syncStateLabels,
  syncStates,
  type AdminLeadSummary,
  type LeadStatus,
} from '@portal/contract';
import { DownloadIcon } from '@/components/icons';
import { PartnerPicker } from '@/components/partner-picker';
import { SearchInput } from '@/components/search-input';
import { LeadStatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { CheckboxField } from '@/components/ui/switch';
import { type Column } from '@/components/ui/table';
import { Tabs } from '@/components/ui/tabs';
import { getServerMessage } from '@/lib/api/errors';
import { formatDate } from '@/lib/format';
import { compact, useUrlFilters } from '@/lib/url-state';
import { useExportAdminLeads } from '../api/export-admin-leads';
import { useAdminLeads, type AdminLeadFilters } from '../api/get-admin-leads';
import { searchPartners } from '../api/search-partners';
import { BulkStatusDialog } from '../components/bulk-status-dialog';
import { DisabledPartnerBadge } from '../components/disabled-partner-badge';
import { LeadDetailSheet } from '../components/lead-detail-sheet';
import { SyncStateBadge } from '../components/sync-state-badge';
import { CursorTable, usePagedRows } from '@/components/ui/cursor-table';

const filterKeys = [
  'status',
  'q',
  'partner_id',
  'partner_name',
  'unattributed',
  'disabled_partner',
  'source',
  'sync_state',
  'from',
  'to',
  'lead',
] as const;
const isStatus = (value: string): value is LeadStatus => (leadStatuses as readonly string[]).includes(value);

/** /admin/leads: every referral, filtered and searched, with the detail sheet and bulk moves. */
export function AdminLeadsPage() {
  const { values, setValues } = useUrlFilters(filterKeys);
  const filters: AdminLeadFilters = useMemo(
    () =>
      compact({
        status: isStatus(values.status) ? values.status : undefined,
        q: values.q || undefined,
        partner_id: values.unattributed === 'true' ? undefined : values.partner_id || undefined,
        unattributed: values.unattributed === 'true' ? ('true' as const) : undefined,
        disabled_partner: values.disabled_partner === 'true' ? ('true' as const) : undefined,
        source: (leadSources as readonly string[]).includes(values.source)
          ? (values.source as AdminLeadFilters['source'])
          : undefined,
        sync_state: (syncStates as readonly string[]).includes(values.sync_state)
          ? (values.sync_state as AdminLeadFilters['sync_state'])
          : undefined,
        from: values.from || undefined,
        to: values.to || undefined,
      }),
    [
      values.status,
      values.q,
      values.partner_id,
      values.unattributed,
      values.disabled_partner,
      values.source,
      values.sync_state,
      values.from,
      values.to,
    ],
  );
  const leads = useAdminLeads(filters);
  const exportCsv = useExportAdminLeads();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [isBulkOpen, setIsBulkOpen] = useState(false);
  // On a phone the filters fold away behind a button; from sm up they are always shown.
  const [areFiltersOpen, setAreFiltersOpen] = useState(false);

  const rows = usePagedRows(leads);
  const counts = leads.data?.pages[0]?.counts;
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined;
  // A search matching more than the cap is counted only that far: "1,000+" on All, no figure per status.
  const isCapped = leads.data?.pages[0]?.counts_capped === true;
  const selectedLeads = rows.filter((row) => selected.has(row.id)).map(({ id, business }) => ({ id, business }));
  const hasFilters = Object.keys(filters).some((key) => key !== 'status');

  const setFilter = (changes: Partial<Record<(typeof filterKeys)[number], string | null>>) => {
    setSelected(new Set());
    setValues(changes);
  };

  const onExport = async () => {
    try {
      await exportCsv.mutateAsync(filters);
    } catch (error) {
      toast.error(getServerMessage(error) ?? 'The export failed. Please try again.');
    }
  };

  const columns: Column<AdminLeadSummary>[] = [
    {
      key: 'business',
      header: 'Business',
      hideLabelOnPhone: true,
      cell: (lead) => (
        <button
          type="button"
          onClick={() => setValues({ lead: lead.id })}
          className="text-left font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {lead.business}
        </button>
      ),
    },
    {
      key: 'contact',
      header: 'Contact',
      cell: (lead) => (
        <span className="block min-w-0">
          <span className="block text-slate-900">{lead.contact}</span>
          <span className="block text-xs text-slate-500 wrap-anywhere">{lead.email}</span>
        </span>
      ),
    },
    {
      key: 'partner',
      header: 'Partner',
      cell: (lead) => (
        <span className="block min-w-0">
          {lead.partner ? lead.partner.name : <span className="text-slate-500 italic">Unattributed</span>}
          {lead.disabled_partner && (
            <span className="mt-1 block">
              <DisabledPartnerBadge partner={lead.disabled_partner} />
            </span>
          )}
        </span>
      ),
    },
    { key: 'source', header: 'Source', cell: (lead) => leadSourceLabels[lead.source] },
    { key: 'submitted', header: 'Submitted', className: 'whitespace-nowrap', cell: (lead) => formatDate(lead.submitted_at) },
    { key: 'status', header: 'Status', cell: (lead) => <LeadStatusBadge status={lead.status} /> },
    { key: 'sync', header: 'CRM sync', cell: (lead) => <SyncStateBadge state={lead.sync_state} /> },
  ];

  const statusTabs = [
    { value: '' as const, label: 'All', badge: isCapped ? `${searchCountCap.toLocaleString('en-US')}+` : total },
    ...leadStatuses.map((status) => ({
      value: status,
      label: leadStatusLabels[status],
      badge: isCapped ? undefined : counts?.[status],
    })),
  ];

  return (
    <>
      <PageHeader
        title="Referrals"
        description="Every merchant request, where it stands in the pipeline and who referred it."
        actions={
          <Button variant="secondary" onClick={() => void onExport()} isLoading={exportCsv.isPending}>
            {!exportCsv.isPending && <DownloadIcon className="size-4" />}
            Export CSV
          </Button>
        }
      />

      <Tabs<LeadStatus | ''>
        label="Status"
        items={statusTabs}
        value={isStatus(values.status) ? values.status : ''}
        onChange={(status) => setFilter({ status })}
        className="mb-4"
      />

      <div className="mb-4 flex gap-2 sm:hidden">
        <SearchInput
          label="Search referrals"
          placeholder="Business, contact or email"
          value={values.q}
          onSearch={(q) => setFilter({ q })}
          className="flex-1"
        />
        <Button
          variant="secondary"
          aria-expanded={areFiltersOpen}
          aria-controls="lead-filters"
          onClick={() => setAreFiltersOpen(!areFiltersOpen)}
        >
          Filters{hasFilters ? ' •' : ''}
        </Button>
      </div>
      <div
        id="lead-filters"
        className={cn('mb-4 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4', areFiltersOpen ? 'grid' : 'hidden')}
      >
        <SearchInput
          label="Search referrals"
          placeholder="Business, contact or email"
          value={values.q}
          onSearch={(q) => setFilter({ q })}
          className="hidden sm:col-span-2 sm:block"
        />
        <Select
          aria-label="Source"
          placeholder="All sources"
          options={leadSources.map((source) => ({ value: source, label: leadSourceLabels[source] }))}
          value={filters.source ?? ''}
          onChange={(event) => setFilter({ source: event.target.value })}
        />
        <Select
          aria-label="CRM sync"
          placeholder="Any CRM sync state"
          options={syncStates.map((state) => ({ value: state, label: syncStateLabels[state] }))}
          value={filters.sync_state ?? ''}
          onChange={(event) => setFilter({ sync_state: event.target.value })}
        />
        <div className="sm:col-span-2">
          {values.unattributed === 'true' ? (
            <p className="py-2 text-sm text-slate-600">Showing unattributed referrals only.</p>
          ) : (
            <PartnerPicker
              label="Partner"
              value={
                values.partner_id
                  ? { id: Number(values.partner_id), name: values.partner_name || `Partner ${values.partner_id}`, email: '' }
                  : null
              }
              onChange={(partner) =>
                setFilter({ partner_id: partner ? String(partner.id) : null, partner_name: partner?.name ?? null })
              }
              search={searchPartners}
              emptyLabel="Any partner"
            />
          )}
          <div className="mt-2">
            <CheckboxField
              label="Unattributed only"
              checked={values.unattributed === 'true'}
              onChange={(checked) => setFilter({ unattributed: checked ? 'true' : null, partner_id: null, partner_name: null })}
            />
          </div>
          <div className="mt-2">
            <CheckboxField
              label="Disabled partner’s link only"
              checked={values.disabled_partner === 'true'}
              onChange={(checked) => setFilter({ disabled_partner: checked ? 'true' : null })}
            />
          </div>
        </div>
        <label className="block space-y-1.5">
          <span className="block text-sm font-medium text-slate-700">Submitted from</span>
          <input
            type="date"
            className={inputClasses(false)}
            value={values.from}
            max={values.to || undefined}
            onChange={(event) => setFilter({ from: event.target.value })}
          />
        </label>
        <label className="block space-y-1.5">
          <span className="block text-sm font-medium text-slate-700">Submitted to</span>
          <input
            type="date"
            className={inputClasses(false)}
            value={values.to}
            min={values.from || undefined}
            onChange={(event) => setFilter({ to: event.target.value })}
          />
        </label>
      </div>

      {(hasFilters || selected.size > 0) && (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          {selected.size > 0 && (
            <div
              className="flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-1.5 text-sm text-brand-800"
              role="region"
              aria-label="Bulk actions"
            >
              <span>{selected.size} selected</span>
              <Button size="sm" onClick={() => setIsBulkOpen(true)}>
                Change status
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </div>
          )}
          {hasFilters && (
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto"
              onClick={() =>
                setFilter({
                  q: null,
                  partner_id: null,
                  partner_name: null,
                  unattributed: null,
                  disabled_partner: null,
                  source: null,
                  sync_state: null,
                  from: null,
                  to: null,
                })
              }
            >
              Clear filters
            </Button>
          )}
        </div>
      )}

      <CursorTable
        query={leads}
        errorTitle={getServerMessage(leads.error) ?? 'The referrals could not be loaded'}
        noun="referrals"
        caption="Referrals"
        columns={columns}
        rows={rows}
        getRowId={(lead) => lead.id}
        empty={
          hasFilters || filters.status
            ? 'No referrals match these filters.'
            : 'No referrals yet. Requests from partners’ links and the Submit Referral form appear here.'
        }
        selection={{ selected, onChange: setSelected, rowLabel: (lead) => `Select ${lead.business}` }}
      />

      {values.lead && <LeadDetailSheet key={values.lead} leadId={values.lead} onClose={() => setValues({ lead: null })} />}
      {isBulkOpen && (
        <BulkStatusDialog open leads={selectedLeads} onClose={() => setIsBulkOpen(false)} onDone={() => setSelected(new Set())} />
      )}
    </>
  );
}
