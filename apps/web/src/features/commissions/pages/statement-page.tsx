import { useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link';
import toast from 'react-hot-toast';
import { monthLabel } from '@portal/contract';
import { StatementView } from '@/components/commissions/statement-view';
import { DownloadIcon, FileTextIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { getServerMessage } from '@/lib/api/errors';
import { paths } from '@/lib/paths';
import { useDownloadStatement } from '../api/download-statement';
import { useMyStatement } from '../api/get-statement';
import { QueryState } from '@/components/ui/query-state';

/** /compensation/statements/:id: one of the partner's statements, with its CSV and PDF. */
export function StatementPage() {
  const { id = '' } = useParams();
  const statement = useMyStatement(id);
  const download = useDownloadStatement();

  const save = (format: 'csv' | 'pdf') => {
    if (!statement.data) return;
    download.mutate(
      { id: statement.data.statement.id, format, month: statement.data.statement.month },
      { onError: (error) => toast.error(getServerMessage(error) ?? 'The download failed. Please try again.') },
    );
  };
  const isSaving = (format: 'csv' | 'pdf') => download.isPending && download.variables.format === format;

  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to={paths.partner.compensation} tone="brand">
        My Commissions
      </BackLink>
      <QueryState query={statement} errorTitle={getServerMessage(statement.error) ?? 'This statement could not be loaded'}>
        {(data) => (
          <>
            <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
              <div className="min-w-0">
                <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
                  Statement · {monthLabel(data.statement.month)}
                </h1>
                <p className="mt-1 text-sm text-slate-600">{data.statement.partner_name}</p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => save('csv')} isLoading={isSaving('csv')}>
                  {!isSaving('csv') && <DownloadIcon className="size-4" />}
                  Download CSV
                </Button>
                <Button onClick={() => save('pdf')} isLoading={isSaving('pdf')}>
                  {!isSaving('pdf') && <FileTextIcon className="size-4" />}
                  Download PDF
                </Button>
              </div>
            </div>
            <StatementView detail={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}
