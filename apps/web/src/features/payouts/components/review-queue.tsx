import { useState } from 'react';
import { reviewKindLabels, type ReviewItem } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { actionsColumn, Table, type Column } from '@/components/ui/table';
import { tryRequest } from '@/lib/api/errors';
import { useDecideReview } from '../api/decide-review';
import { useReviews } from '../api/get-reviews';
import { useRevealReview } from '../api/reveal-review';
import { formatDateTime } from '@/lib/format';

/** The review queue: tax forms and bank accounts to approve or reject; full numbers behind the admin's second factor. */
export function ReviewQueue() {
  const reviews = useReviews('submitted');
  const decide = useDecideReview();
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const [revealing, setRevealing] = useState<ReviewItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
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
        <Button size="sm" variant="danger" onClick={() => setRejecting(r)}>
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
      <QueryState query={reviews} errorTitle="Could not load the review queue">
        {(data) => (
          <Table
            caption="Payout details waiting for review"
            columns={columns}
            rows={data.items}
            getRowId={(r) => r.id}
            empty={<p className="py-8 text-center text-sm text-slate-500">Nothing to review.</p>}
          />
        )}
      </QueryState>
      {rejecting && (
        <RejectDialog
          item={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setNotice(`${reviewKindLabels[rejecting.kind]} of ${rejecting.partner_name} rejected; the partner has been told why`);
            setRejecting(null);
          }}
        />
      )}
      {revealing && <RevealDialog item={revealing} onClose={() => setRevealing(null)} />}
    </div>
  );
}

function RejectDialog({ item, onClose, onDone }: { item: ReviewItem; onClose: () => void; onDone: () => void }) {
  const decide = useDecideReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Reject the ${reviewKindLabels[item.kind].toLowerCase()} of ${item.partner_name}`}
      description="The partner sees this reason and is mailed it."
      footer={
        <DialogActions
          submitLabel="Reject"
          tone="danger"
          onCancel={onClose}
          cancelDisabled={false}
          isPending={decide.isPending}
          onSubmit={() =>
            void tryRequest(
              async () => {
                await decide.mutateAsync({ id: item.id, decision: 'reject', reason });
                onDone();
              },
              setError,
              'Could not reject',
            )
          }
        />
      }
    >
      <TextAreaField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? undefined}
        rows={3}
      />
    </Dialog>
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
