import { useState } from 'react';
import { BackLink } from '@/components/ui/back-link';
import { Link, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { commissionMessages, formatCents, monthLabel } from '@portal/contract';
import { StatementDownloads, StatementHeader } from '@/components/commissions/statement-header';
import { StatementView } from '@/components/commissions/statement-view';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { paths } from '@/lib/paths';
import { useDownloadAdminStatement } from '../api/download-admin-statement';
import { useAdminStatement } from '../api/get-admin-statement';
import { usePublishStatements } from '../api/publish-statements';
import { MarkPaidDialog } from '../components/mark-paid-dialog';
import { QueryState } from '@/components/ui/query-state';

/** /admin/commissions/statements/:id: a partner's statement exactly as they see it, with its files. */
export function AdminStatementPage() {
  const { id = '' } = useParams();
  const statement = useAdminStatement(id);
  const download = useDownloadAdminStatement();
  const publish = usePublishStatements();
  const [isPublishing, setIsPublishing] = useState(false);
  const [isPaying, setIsPaying] = useState(false);

  const onPublish = async () => {
    const data = statement.data?.statement;
    if (!data) return;
    await tryOrToast(async () => {
      const { results } = await publish.mutateAsync({ statement_ids: [data.id] });
      const result = results[0];
      if (result?.ok) toast.success(commissionMessages.statementsPublished(1));
      else toast.error(result?.message ?? commissionMessages.notDraft);
      setIsPublishing(false);
    }, 'The statement could not be published.');
  };

  const save = (format: 'csv' | 'pdf') => {
    const data = statement.data?.statement;
    if (!data) return;
    download.mutate(
      { id: data.id, format, name: `statement-${data.month}-${data.partner_name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}` },
      { onError: (error) => toast.error(getServerMessage(error) ?? 'The download failed. Please try again.') },
    );
  };
  const saving = download.isPending ? download.variables.format : null;

  return (
    <div className="mx-auto max-w-6xl">
      <QueryState query={statement} errorTitle={getServerMessage(statement.error) ?? 'This statement could not be loaded'}>
        {(data) => (
          <>
            <BackLink to={`${paths.admin.commissions}?month=${data.statement.month}`} tone="muted">
              Statements of {monthLabel(data.statement.month)}
            </BackLink>
            <StatementHeader
              month={data.statement.month}
              partner={
                <>
                  <Link
                    to={paths.admin.partnerCommissions(data.statement.partner_id)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {data.statement.partner_name}
                  </Link>{' '}
                  · {data.statement.partner_email}
                </>
              }
            >
              {data.statement.status === 'draft' && <Button onClick={() => setIsPublishing(true)}>Publish</Button>}
              {data.statement.status === 'published' && <Button onClick={() => setIsPaying(true)}>Mark paid</Button>}
              <StatementDownloads saving={saving} onSave={save} pdfVariant="secondary" />
            </StatementHeader>
            <StatementView detail={data} />
            <ConfirmDialog
              open={isPublishing}
              title="Publish statement"
              message={`${data.statement.partner_name} sees this statement (${formatCents(data.totals.total_cents, data.statement.currency)}) and is emailed that it is ready. Its lines can no longer be replaced by a new import.`}
              confirmLabel="Publish"
              isPending={publish.isPending}
              onConfirm={() => void onPublish()}
              onCancel={() => setIsPublishing(false)}
            />
            <MarkPaidDialog
              statements={
                isPaying
                  ? [
                      {
                        id: data.statement.id,
                        partner_name: data.statement.partner_name,
                        total_cents: data.totals.total_cents,
                      },
                    ]
                  : null
              }
              currency={data.statement.currency}
              onClose={() => setIsPaying(false)}
              onDone={() => setIsPaying(false)}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
