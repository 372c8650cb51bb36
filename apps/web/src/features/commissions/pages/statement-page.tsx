import { useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link';
import toast from 'react-hot-toast';
import { StatementDownloads, StatementHeader } from '@/components/commissions/statement-header';
import { StatementView } from '@/components/commissions/statement-view';
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
  const saving = download.isPending ? download.variables.format : null;

  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to={paths.partner.compensation} tone="brand">
        My Commissions
      </BackLink>
      <QueryState query={statement} errorTitle={getServerMessage(statement.error) ?? 'This statement could not be loaded'}>
        {(data) => (
          <>
            <StatementHeader month={data.statement.month} partner={data.statement.partner_name}>
              <StatementDownloads saving={saving} onSave={save} pdfVariant="primary" />
            </StatementHeader>
            <StatementView detail={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}
