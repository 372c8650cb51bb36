import { useMemo } from 'react';
import type { AuditEntry } from '@portal/contract';
import { Badge } from '@/components/ui/badge';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { type Column } from '@/components/ui/table';
import { getServerMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { compact, useUrlFilters } from '@/lib/url-state';
import { useAudit, type AuditFilters } from '../api/get-audit';
import { CursorTable, usePagedRows } from '@/components/ui/cursor-table';

const filterKeys = ['action', 'target_type', 'from', 'to'] as const;
const targetTypes = [
  { value: 'lead', label: 'Referrals' },
  { value: 'setting', label: 'Settings' },
];
/** The actions the server records (exact match filter). */
const actions = [
  { value: 'lead.status', label: 'Status moved' },
  { value: 'lead.note', label: 'Note added' },
  { value: 'lead.partner', label: 'Partner changed' },
  { value: 'lead.retry', label: 'CRM sync retried' },
  { value: 'lead.export', label: 'Referrals exported' },
  { value: 'setting.create', label: 'Setting added' },
  { value: 'setting.update', label: 'Setting updated' },
  { value: 'setting.delete', label: 'Setting deleted' },
  { value: 'integrity.settings', label: 'Integrity rules changed' },
  { value: 'integrity.conflict_decision', label: 'Conflict decided' },
  { value: 'integrity.risk_resolve', label: 'Risk resolved' },
  { value: 'integrity.risk_void', label: 'Held lines voided' },
];

/** A before/after value, short: JSON on one line, cut after 160 characters (the full text on hover). */
function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-400">—</span>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <code title={text} className="block max-w-xs truncate rounded bg-slate-50 px-1.5 py-0.5 text-xs text-slate-700 sm:max-w-sm">
      {text.length > 160 ? `${text.slice(0, 160)}…` : text}
    </code>
  );
}

const columns: Column<AuditEntry>[] = [
  {
    key: 'at',
    header: 'Time',
    className: 'whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  {
    key: 'actor',
    header: 'Who',
    cell: (entry) =>
      entry.actor ? (
        <span className="block">
          <span className="block text-slate-900">{entry.actor.name}</span>
          <span className="block text-xs text-slate-500">{entry.actor.email}</span>
        </span>
      ) : (
        <span className="text-slate-500">System</span>
      ),
  },
  { key: 'action', header: 'Action', cell: (entry) => <Badge tone="indigo">{entry.action}</Badge> },
  {
    key: 'target',
    header: 'Target',
    cell: (entry) => (
      <span className="wrap-anywhere">
        {entry.target_type}
        {entry.target_id && <span className="block text-xs text-slate-500">{entry.target_id}</span>}
      </span>
    ),
  },
  { key: 'before', header: 'Before', cell: (entry) => <Change value={entry.before} /> },
  { key: 'after', header: 'After', cell: (entry) => <Change value={entry.after} /> },
];

/** /admin/audit: every admin write (who, what, on what, before and after), newest first. */
export function AdminAuditPage() {
  const { values, setValues } = useUrlFilters(filterKeys);
  const filters: AuditFilters = useMemo(
    () => compact({ action: values.action, target_type: values.target_type, from: values.from, to: values.to }),
    [values.action, values.target_type, values.from, values.to],
  );
  const audit = useAudit(filters);
  const rows = usePagedRows(audit);
  const hasFilters = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change an admin made: status moves, reassignments, notes, retries, exports and settings."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          aria-label="Action"
          placeholder="Any action"
          options={actions}
          value={values.action}
          onChange={(event) => setValues({ action: event.target.value })}
        />
        <Select
          aria-label="Target"
          placeholder="Any target"
          options={targetTypes}
          value={values.target_type}
          onChange={(event) => setValues({ target_type: event.target.value })}
        />
        <DateRangeFields from={values.from} to={values.to} onChange={setValues} />
      </div>
      <CursorTable
        query={audit}
        errorTitle={getServerMessage(audit.error) ?? 'The audit log could not be loaded'}
        noun="entries"
        caption="Audit log"
        columns={columns}
        rows={rows}
        getRowId={(entry) => String(entry.id)}
        empty={hasFilters ? 'No entries match these filters.' : 'No admin changes recorded yet.'}
      />
    </>
  );
}
