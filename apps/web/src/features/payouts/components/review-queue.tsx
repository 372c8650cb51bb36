import { useState } from 'react';
import { reviewKindLabels, type ReviewItem } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { QueryTable } from '@/components/ui/query-table';
import { actionsColumn, type Column } from '@/components/ui/table';
import { tryRequest } from '@/lib/api/errors';
import { useDecideReview } from '../api/decide-review';
import { useReviews } from '../api/get-reviews';
import { useRevealReview } from '../api/reveal-review';
import { formatDateTime } from '@/lib/format';
import { RowRequestDialog, useRowDialog, type RowDialogProps } from './row-dialog';

/** The review queue: tax forms and bank accounts to approve or reject; full numbers behind the admin's second factor. */
export function ReviewQueue() {
  const reviews = useReviews('submitted');
  const decide = useDecideReview();
  const [revealing, setRevealing] = useState<ReviewItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rejecting = useRowDialog<ReviewItem>(setNotice);
  const [error, setError] = useState<string | null>(null);

  const approve = async (item: ReviewItem) => {
    setError(null);
    await tryRequest(
      async () => {
        await decide.mutateAsync({ id: item.id, decision: 'approve' });
        setNotice(`${reviewKindLabels[item.kind]} of ${item.partner_name} approved`);
      },
      setError,
      'Could not approve',
    );
  };

  const columns: Column<ReviewItem>[] = [
    {
      key: 'partner',
      header: 'Partner',
      cell: (r) => (
        <div className="min-w-0">
          <div className="font-medium text-slate-900">{r.partner_name}</div>
          <div className="truncate text-xs text-slate-500">{r.partner_email}</div>
        </div>
      ),
    },
    { key: 'kind', header: 'What', cell: (r) => <Badge tone="indigo">{reviewKindLabels[r.kind]}</Badge> },
    {
      key: 'summary',
      header: 'Details',
      cell: (r) => (
        <div className="space-y-1">
          <div className="break-words text-slate-700">{r.summary}</div>
          {r.flags.map((f) => (
            <Badge key={f} tone="amber" className="whitespace-normal">
              {f}
            </Badge>
          ))}
        </div>
      ),
    },
    { key: 'submitted', header: 'Submitted', cell: (r) => formatDateTime(r.submitted_at) },
    actionsColumn((r) => (
      <>
        <Button size="sm" variant="ghost" onClick={() => setRevealing(r)}>
          Show full numbers
        </Button>
        <Button size="sm" variant="danger" onClick={() => rejecting.open(r)}>
          Reject
        </Button>
        <Button size="sm" onClick={() => approve(r)} isLoading={decide.isPending && decide.variables?.id === r.id}>
          Approve
        </Button>
      </>
    )),
  ];

  return (
    <div className="space-y-4">
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <QueryTable
        query={reviews}
        errorTitle="Could not load the review queue"
        caption="Payout details waiting for review"
        columns={columns}
        getRowId={(r) => r.id}
        empty={<p className="py-8 text-center text-sm text-slate-500">Nothing to review.</p>}
      />
      {rejecting.dialog && <RejectDialog {...rejecting.dialog} />}
      {revealing && <RevealDialog item={revealing} onClose={() => setRevealing(null)} />}
    </div>
  );
}

function RejectDialog({ row: item, onClose, onDone }: RowDialogProps<ReviewItem>) {
  const decide = useDecideReview();
  const [reason, setReason] = useState('');
  return (
    <RowRequestDialog
      title={`Reject the ${reviewKindLabels[item.kind].toLowerCase()} of ${item.partner_name}`}
      description="The partner sees this reason and is mailed it."
      submitLabel="Reject"
      tone="danger"
      isPending={decide.isPending}
      onClose={onClose}
      request={async () => {
        await decide.mutateAsync({ id: item.id, decision: 'reject', reason });
        onDone(`${reviewKindLabels[item.kind]} of ${item.partner_name} rejected; the partner has been told why`);
      }}
      failure="Could not reject"
    >
      {(error) => (
        <TextAreaField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={error} rows={3} />
      )}
    </RowRequestDialog>
  );
}

function RevealDialog({ item, onClose }: { item: ReviewItem; onClose: () => void }) {
  const reveal = useRevealReview();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shown = reveal.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Full numbers of ${item.partner_name}`}
      description="Enter the code from your authenticator app. Showing them is recorded in the audit log."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {!shown && (
            <Button
              isLoading={reveal.isPending}
              onClick={() => {
                setError(null);
                void tryRequest(() => reveal.mutateAsync({ id: item.id, code }), setError, 'Could not show the numbers');
              }}
            >
              Show
            </Button>
          )}
        </>
      }
    >
      {shown ? (
        <dl className="space-y-2 text-sm">
          {shown.tin && (
            <div>
              <dt className="text-slate-500">Taxpayer ID</dt>
              <dd className="font-mono text-slate-900">{shown.tin}</dd>
            </div>
          )}
          {shown.routing_number && (
            <div>
              <dt className="text-slate-500">Routing number</dt>
              <dd className="font-mono text-slate-900">{shown.routing_number}</dd>
            </div>
          )}
          {shown.account_number && (
            <div>
              <dt className="text-slate-500">Account number</dt>
              <dd className="font-mono text-slate-900">{shown.account_number}</dd>
            </div>
          )}
        </dl>
      ) : (
        <TextField
          label="Two-factor code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error ?? undefined}
        />
      )}
    </Dialog>
  );
}
