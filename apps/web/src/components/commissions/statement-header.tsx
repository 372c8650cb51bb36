import type { ReactNode } from 'react';
import { monthLabel } from '@portal/contract';
import { DownloadIcon, FileTextIcon } from '../icons';
import { Button } from '../ui/button';

type Format = 'csv' | 'pdf';

/** A statement page's heading (its month, whose it is) with the page's buttons beside it. */
export function StatementHeader({ month, partner, children }: { month: string; partner: ReactNode; children: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Statement · {monthLabel(month)}</h1>
        <p className="mt-1 text-sm text-slate-600">{partner}</p>
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** The statement's CSV and PDF, each button with a spinner while its file is made. */
export function StatementDownloads({
  saving,
  onSave,
  pdfVariant,
}: {
  saving: Format | null;
  onSave: (format: Format) => void;
  pdfVariant: 'primary' | 'secondary';
}) {
  return (
    <>
      <Button variant="secondary" onClick={() => onSave('csv')} isLoading={saving === 'csv'}>
        {saving !== 'csv' && <DownloadIcon className="size-4" />}
        Download CSV
      </Button>
      <Button variant={pdfVariant} onClick={() => onSave('pdf')} isLoading={saving === 'pdf'}>
        {saving !== 'pdf' && <FileTextIcon className="size-4" />}
        Download PDF
      </Button>
    </>
  );
}
