import { useState } from 'react';
import { leadStatuses, leadStatusLabels, searchCountCap, type LeadStatus } from '@portal/contract';
import { DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Tabs } from '@/components/ui/tabs';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { useExportAdminLeads } from '../api/export-admin-leads';
import { useAdminLeads } from '../api/get-admin-leads';
import { BulkStatusDialog } from '../components/bulk-status-dialog';
import { LeadDetailSheet } from '../components/lead-detail-sheet';
import { adminLeadColumns } from '../components/admin-lead-columns';
import { AdminLeadFilterPanel } from '../components/admin-lead-filters';
import { useAdminLeadFilters } from '../hooks/use-admin-lead-filters';
import { CursorTable, usePagedRows } from '@/components/ui/cursor-table';
import { LeadBoard } from '../components/lead-board';
import { ViewSwitch } from '../components/view-switch';

/** /admin/leads: every referral, filtered and searched, with the detail sheet and bulk moves. */
export function AdminLeadsPage() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { values, filters, status, hasFilters, setFilter, clearFilters, openLead, view, setView, sort, setSort } =
    useAdminLeadFilters(() => setSelected(new Set()));
  const isBoard = view === 'board';
  // Also read while the board shows: its first page says whether a CRM is configured.
  const leads = useAdminLeads(filters);
  const exportCsv = useExportAdminLeads();
  const [isBulkOpen, setIsBulkOpen] = useState(false);

  const rows = usePagedRows(leads);
  const counts = leads.data?.pages[0]?.counts;
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined;
  // A search matching more than the cap is counted only that far: "1,000+" on All, no figure per status.
  const isCapped = leads.data?.pages[0]?.counts_capped === true;
  const selectedLeads = rows.filter((row) => selected.has(row.id)).map(({ id, business }) => ({ id, business }));

  const onExport = async () => {
    await tryOrToast(async () => {
      await exportCsv.mutateAsync(filters);
    }, 'The export failed. Please try again.');
  };

  const firstPage = leads.data?.pages[0];
  const crmConfigured = firstPage?.crm_configured ?? false;
  const columns = adminLeadColumns(openLead, {
    staleAfterDays: firstPage?.stale_after_days,
    crmConfigured,
  });
  // The board has a column per status: the status tab does not narrow it.
  const { status: _tab, sort: _order, ...boardFilters } = filters;

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
          <>
            <ViewSwitch view={view} onChange={setView} />
            <Button variant="secondary" onClick={() => void onExport()} isLoading={exportCsv.isPending}>
              {!exportCsv.isPending && <DownloadIcon className="size-4" />}
              Export CSV
            </Button>
          </>
        }
      />

      {!isBoard && (
        <Tabs<LeadStatus | ''>
          label="Status"
          items={statusTabs}
          value={status}
          onChange={(status) => setFilter({ status })}
          className="mb-4"
        />
      )}

      <AdminLeadFilterPanel
        values={values}
        filters={filters}
        hasFilters={hasFilters}
        setFilter={setFilter}
        crmConfigured={crmConfigured}
      />

      {(hasFilters || (selected.size > 0 && !isBoard)) && (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          {selected.size > 0 && !isBoard && (
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
            <Button size="sm" variant="ghost" className="ml-auto" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
        </div>
      )}

      {!isBoard && (
        // A phone shows the rows as cards, without the headers that sort: the same order, as a select.
        <Select
          aria-label="Sort by"
          className="mb-3 sm:hidden"
          value={`${sort.direction === 'desc' ? '-' : ''}${sort.key}`}
          onChange={(event) => {
            const value = event.target.value;
            setSort({ key: value.replace(/^-/, ''), direction: value.startsWith('-') ? 'desc' : 'asc' });
          }}
          options={columns
            .filter((column) => column.sortable)
            .flatMap((column) => [
              { value: column.key, label: `${column.header}, ascending` },
              { value: `-${column.key}`, label: `${column.header}, descending` },
            ])}
        />
      )}

      {isBoard ? (
        <LeadBoard filters={boardFilters} onOpen={openLead} />
      ) : (
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
          sort={sort}
          onSortChange={setSort}
        />
      )}

      {values.lead && <LeadDetailSheet key={values.lead} leadId={values.lead} onClose={() => openLead(null)} />}
      {isBulkOpen && (
        <BulkStatusDialog open leads={selectedLeads} onClose={() => setIsBulkOpen(false)} onDone={() => setSelected(new Set())} />
      )}
    </>
  );
}
