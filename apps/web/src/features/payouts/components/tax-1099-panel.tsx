import { useState } from 'react';
import { entityTypeLabels, formatCents, type Form1099Row } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select';
import { actionsColumn, Table, type Column } from '@/components/ui/table';
import { tryRequest } from '@/lib/api/errors';
import { useCorrect1099 } from '../api/correct-1099';
import { use1099 } from '../api/get-1099';
import { useDownload1099Csv } from '../api/download-1099-csv';
import { RowRequestDialog, useRowDialog, type RowDialogProps } from './row-dialog';
import { TaxThresholdsTable } from './tax-thresholds-table';

const currentYear = new Date().getUTCFullYear();
const years = Array.from({ length: currentYear - 2019 }, (_, i) => currentYear - i).map((y) => ({
  value: String(y),
  label: String(y),
}));

/** The 1099-NEC of a year: payees at or above the threshold, the e-filing CSV, corrected forms. */
export function Tax1099Panel() {
  // Forms are made in January for the year that ended.
  const [year, setYear] = useState(currentYear - 1);
  const list = use1099(year);
  const csv = useDownload1099Csv();
  const [notice, setNotice] = useState<string | null>(null);
  const correcting = useRowDialog<Form1099Row>(setNotice);
  const [error, setError] = useState<string | null>(null);

  const columns: Column<Form1099Row>[] = [
    {
      key: 'payee',
      header: 'Payee',
      cell: (r) => (
        <div>
          <div className="font-medium text-slate-900">{r.legal_name}</div>
          {r.business_name && <div className="text-xs text-slate-500">{r.business_name}</div>}
        </div>
      ),
    },
    { key: 'tin', header: 'TIN', cell: (r) => r.tin_masked },
    { key: 'type', header: 'Classification', cell: (r) => (r.entity_type ? entityTypeLabels[r.entity_type] : '') },
    {
      key: 'flags',
      header: 'Notes',
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          {r.flag && <Badge tone="amber">{r.flag}</Badge>}
          {r.corrected && <Badge tone="violet">Corrected</Badge>}
        </span>
      ),
    },
    { key: 'total', header: 'Box 1', className: 'sm:text-right', cell: (r) => formatCents(r.total_cents) },
    actionsColumn((r) => (
      <Button size="sm" variant="secondary" onClick={() => correcting.open(r)}>
        Issue corrected
      </Button>
    )),
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-40">
          <SelectField label="Tax year" options={years} value={String(year)} onChange={(e) => setYear(Number(e.target.value))} />
        </div>
        <Button
          variant="secondary"
          isLoading={csv.isPending}
          disabled={!list.data?.items.length}
          onClick={() => {
            setError(null);
            void tryRequest(() => csv.mutateAsync(year), setError, 'Could not export the CSV');
          }}
        >
          Export CSV for e-filing
        </Button>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <QueryState query={list} errorTitle="Could not load the 1099-NEC list" keepData>
        {(data) => (
          <>
            <p className="text-sm text-slate-600" data-testid="threshold">
              US payees (W-9 on file) paid at least {formatCents(data.threshold_cents)} in {data.year}: {data.items.length},{' '}
              {formatCents(data.total_cents)} in all.
            </p>
            <Table
              caption={`1099-NEC payees, ${data.year}`}
              columns={columns}
              rows={data.items}
              getRowId={(r) => String(r.partner_id)}
              empty={<p className="py-8 text-center text-sm text-slate-500">No payee reached the threshold in {data.year}.</p>}
            />
          </>
        )}
      </QueryState>
      <TaxThresholdsTable />
      {correcting.dialog && <CorrectDialog {...correcting.dialog} year={year} />}
    </div>
  );
}

function CorrectDialog({ row, year, onClose, onDone }: RowDialogProps<Form1099Row> & { year: number }) {
  const correct = useCorrect1099();
  const [reason, setReason] = useState('');
  return (
    <RowRequestDialog
      title={`Issue a corrected ${year} 1099-NEC for ${row.legal_name}`}
      description="The export and the partner’s copy say CORRECTED, with the amount as it stands now."
      submitLabel="Issue corrected form"
      isPending={correct.isPending}
      onClose={onClose}
      request={async () => onDone((await correct.mutateAsync({ partner_id: row.partner_id, year, reason })) ?? 'Corrected')}
      failure="Could not issue the corrected form"
    >
      {(error) => (
        <TextAreaField label="Reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} error={error} />
      )}
    </RowRequestDialog>
  );
}
