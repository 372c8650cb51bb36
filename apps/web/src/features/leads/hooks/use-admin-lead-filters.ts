import { useMemo } from 'react';
import {
  adminLeadSorts,
  defaultAdminLeadSort,
  leadSources,
  leadStatuses,
  syncStates,
  type AdminLeadSort,
  type AdminLeadSortKey,
  type LeadStatus,
} from '@portal/contract';
import { compact, useUrlFilters } from '@/lib/url-state';
import type { AdminLeadFilters } from '../api/get-admin-leads';

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
  'view',
  'owner',
  'sort',
] as const;
export type AdminLeadFilterKey = (typeof filterKeys)[number];
export type AdminLeadFilterChanges = Partial<Record<AdminLeadFilterKey, string | null>>;

const isStatus = (value: string): value is LeadStatus => (leadStatuses as readonly string[]).includes(value);
const isOneOf = <T extends string>(options: readonly T[], value: string): value is T =>
  (options as readonly string[]).includes(value);

/** Everything a filter can hold, emptied: "Clear filters" (the status tab and the open referral stay). */
const cleared: AdminLeadFilterChanges = {
  q: null,
  partner_id: null,
  partner_name: null,
  unattributed: null,
  disabled_partner: null,
  source: null,
  sync_state: null,
  from: null,
  to: null,
  owner: null,
};

const sortStateOf = (sort: AdminLeadSort): { key: AdminLeadSortKey; direction: 'asc' | 'desc' } => ({
  key: sort.replace(/^-/, '') as AdminLeadSortKey,
  direction: sort.startsWith('-') ? 'desc' : 'asc',
});

/**
 * The admin list's filters, kept in the URL: the raw `values`, the API's `filters` read from them
 * (unknown values dropped), and `setFilter`, which also calls `onChange` (the page clears its selection).
 */
export function useAdminLeadFilters(onChange: () => void) {
  const { values, setValues } = useUrlFilters(filterKeys);
  const { status, q, partner_id, unattributed, disabled_partner, source, sync_state, from, to, owner, sort } = values;
  const filters: AdminLeadFilters = useMemo(
    () =>
      compact({
        status: isStatus(status) ? status : undefined,
        q: q || undefined,
        partner_id: unattributed === 'true' ? undefined : partner_id || undefined,
        unattributed: unattributed === 'true' ? ('true' as const) : undefined,
        disabled_partner: disabled_partner === 'true' ? ('true' as const) : undefined,
        source: isOneOf(leadSources, source) ? source : undefined,
        sync_state: isOneOf(syncStates, sync_state) ? sync_state : undefined,
        from: from || undefined,
        to: to || undefined,
        owner: owner === 'me' || owner === 'none' ? owner : undefined,
        sort: isOneOf(adminLeadSorts, sort) && sort !== defaultAdminLeadSort ? sort : undefined,
      }),
    [status, q, partner_id, unattributed, disabled_partner, source, sync_state, from, to, owner, sort],
  );
  const setFilter = (changes: AdminLeadFilterChanges) => {
    onChange();
    setValues(changes);
  };
  return {
    values,
    filters,
    status: isStatus(status) ? status : ('' as const),
    hasFilters: Object.keys(filters).some((key) => key !== 'status' && key !== 'sort'),
    /** The table's order (issue 23 §4), kept in the URL as `sort=business` or `sort=-business`; newest first without. */
    sort: sortStateOf(isOneOf(adminLeadSorts, sort) ? sort : defaultAdminLeadSort),
    setSort: (next: { key: string; direction: 'asc' | 'desc' }) => {
      const value = `${next.direction === 'desc' ? '-' : ''}${next.key}`;
      // A new order starts again from its first page; the selection of the old order goes.
      setFilter({ sort: value === defaultAdminLeadSort ? null : value });
    },
    setFilter,
    clearFilters: () => setFilter(cleared),
    /** Table or board: how the list is shown, not a filter. */
    view: values.view === 'board' ? ('board' as const) : ('table' as const),
    setView: (view: 'table' | 'board') => setValues({ view: view === 'board' ? 'board' : null }),
    /** Opens (an id) or closes (null) the detail sheet; not a filter, so the selection stays. */
    openLead: (lead: string | null) => setValues({ lead }),
  };
}
