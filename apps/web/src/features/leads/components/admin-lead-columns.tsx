import { adminLeadSortKeys, leadSourceLabels, type AdminLeadSummary } from '@portal/contract';
import { LeadStatusBadge } from '@/components/ui/badge';
import type { Column } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { DisabledPartnerBadge } from './disabled-partner-badge';
import { SyncStateBadge } from './sync-state-badge';
import { StaleCue } from './stale-cue';

/** The admin list's columns; the business opens the referral's detail sheet. */
export function adminLeadColumns(
  onOpen: (leadId: string) => void,
  list: { staleAfterDays?: number; crmConfigured?: boolean } = {},
): Column<AdminLeadSummary>[] {
  const columns: Column<AdminLeadSummary>[] = [
    {
      key: 'business',
      header: 'Business',
      hideLabelOnPhone: true,
      cell: (lead) => (
        <button
          type="button"
          onClick={() => onOpen(lead.id)}
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
    {
      key: 'owner',
      header: 'Owner',
      cell: (lead) => (lead.owner ? lead.owner.name : <span className="text-slate-500">Nobody</span>),
    },
    { key: 'submitted', header: 'Submitted', className: 'whitespace-nowrap', cell: (lead) => formatDate(lead.submitted_at) },
    {
      key: 'status',
      header: 'Status',
      cell: (lead) => (
        <span className="flex flex-col items-start gap-1">
          <LeadStatusBadge status={lead.status} />
          <StaleCue lead={lead} afterDays={list.staleAfterDays} />
        </span>
      ),
    },
  ];
  // With CRM=none every lead is "skipped": the column would say nothing.
  if (list.crmConfigured) {
    columns.push({ key: 'sync', header: 'CRM sync', cell: (lead) => <SyncStateBadge state={lead.sync_state} /> });
  }
  // Every column sorts on the server (issue 23 §4); the keys are the API's `sort` values.
  return columns.map((column) => ({ ...column, sortable: (adminLeadSortKeys as readonly string[]).includes(column.key) }));
}
