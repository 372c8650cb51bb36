import { Fragment, useMemo } from 'react';
import { auditActionLabels, auditActions, describeAuditEntry, type AuditEntry } from '@portal/contract';
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
/** Every action the server records (exact match filter), by name. */
const actions = auditActions.map((value) => ({ value, label: auditActionLabels[value] }));
const filterSelects = [
  { key: 'action', label: 'Action', placeholder: 'Any action', options: actions },
  { key: 'target_type', label: 'Target', placeholder: 'Any target', options: targetTypes },
] as const;

/** The stored before and after, for whoever needs the exact values; closed by default. */
function Details({ entry }: { entry: AuditEntry }) {
  if (entry.before == null && entry.after == null) return null;
  const show = (value: unknown) => (value == null ? '—' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return (
    <details className="mt-1 text-xs text-slate-500">
      <summary className="cursor-pointer select-none hover:text-slate-700">Details</summary>
      <dl className="mt-1 grid gap-1">
        {(
          [
            ['Before', entry.before],
            ['After', entry.after],
          ] as const
        ).map(([term, value]) => (
          <Fragment key={term}>
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd>
              <pre className="max-w-full overflow-x-auto rounded bg-slate-50 px-1.5 py-1 whitespace-pre-wrap">{show(value)}</pre>
            </dd>
          </Fragment>
        ))}
      </dl>
    </details>
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
    key: 'what',
    header: 'What happened',
    // Issue 23 §9: a sentence per action, not codes and JSON; the raw values stay one click away.
    cell: (entry) => (
      <span className="block wrap-anywhere">
        <span className="block text-slate-900">{describeAuditEntry(entry)}</span>
        {entry.actor && <span className="block text-xs text-slate-500">{entry.actor.email}</span>}
        <Details entry={entry} />
      </span>
    ),
  },
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
        {filterSelects.map(({ key, label, placeholder, options }) => (
          <Select
            key={key}
            aria-label={label}
            placeholder={placeholder}
            options={options}
            value={values[key]}
            onChange={(event) => setValues({ [key]: event.target.value })}
          />
        ))}
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
