import { useId, useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { formatCents, riskActionLabels, riskResolveRequest, riskSignalLabels, riskVoidRequest } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { CheckboxField } from '@/components/ui/switch';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { paths } from '@/lib/paths';
import { useRiskItem } from '../api/get-risk-item';
import { useResolveRisk } from '../api/resolve-risk';
import { useVoidRisk } from '../api/void-risk';
import { UtcTime } from './integrity-tabs';

/** The detail of one risk row: masked evidence, related referrals, held lines, and what an admin can do. */
export function RiskPanel({ id, onClose }: { id: string | null; onClose: () => void }) {
  const item = useRiskItem(id);
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      variant="sheet"
      title="Risk item"
      description="Evidence is masked; hashes are never shown."
    >
      <QueryState query={item} errorTitle={getServerMessage(item.error) ?? 'The risk item could not be loaded'}>
        {(data) => (
          <div className="space-y-6">
            <div>
              <p className="font-medium text-slate-900">{data.partner.name}</p>
              <p className="text-sm text-slate-600">{data.partner.email}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Badge tone="amber">{riskSignalLabels[data.signal]}</Badge>
                <Badge tone={data.action === 'flag' ? 'slate' : 'red'}>{riskActionLabels[data.action]}</Badge>
                <Badge tone={data.status === 'open' ? 'blue' : 'green'}>{data.status}</Badge>
                {data.partner.status !== 'active' && <Badge tone="red">Partner {data.partner.status}</Badge>}
              </div>
              <p className="mt-2 text-sm text-slate-600">
                Seen {data.count} {data.count === 1 ? 'time' : 'times'}; first <UtcTime iso={data.first_seen_at} />, last{' '}
                <UtcTime iso={data.last_seen_at} />
              </p>
              {data.note && <p className="mt-2 text-sm text-slate-700">Note: {data.note}</p>}
            </div>
            <section>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Evidence</h3>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
                {data.evidence.map((e, i) => (
                  <li key={i} className="space-y-0.5 p-3">
                    <p className="wrap-anywhere text-slate-800">{e.detail}</p>
                    <p className="text-xs text-slate-500">
                      <UtcTime iso={e.at} />
                      {e.business && ` · ${e.business}`}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
            {data.partner_notes.length > 0 && (
              <section>
                <h3 className="mb-2 text-sm font-semibold text-slate-900">Partner's notes</h3>
                <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
                  {data.partner_notes.map((n, i) => (
                    <li key={i} className="space-y-0.5 p-3">
                      <p className="whitespace-pre-wrap wrap-anywhere text-slate-800">“{n.note}”</p>
                      <p className="text-xs text-slate-500">
                        <UtcTime iso={n.at} /> · {n.business}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Held lines</h3>
              {data.held_lines.length === 0 ? (
                <p className="text-sm text-slate-600">No held lines (the referral has not become a merchant yet).</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {data.held_lines.map((line) => (
                    <li key={line.id} className="flex justify-between gap-2">
                      <span className="wrap-anywhere">{line.business ?? 'Merchant'}</span>
                      <span className="tabular-nums">
                        {formatCents(line.amount_cents)} · {line.status}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {data.status === 'open' && <RiskActions id={data.id} partnerId={data.partner.id} />}
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}

function RiskActions({ id, partnerId }: { id: string; partnerId: number }) {
  const [confirmingVoid, setConfirmingVoid] = useState(false);
  return (
    <section className="space-y-4 border-t border-slate-200 pt-4">
      <ResolveForm id={id} />
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" onClick={() => setConfirmingVoid(true)}>
          Void held lines as fraud
        </Button>
        <Link
          className="inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50"
          to={paths.admin.user(partnerId)}
        >
          Disable partner…
        </Link>
      </div>
      {confirmingVoid && <VoidDialog id={id} onClose={() => setConfirmingVoid(false)} />}
    </section>
  );
}

function ResolveForm({ id }: { id: string }) {
  const resolve = useResolveRisk();
  const { field, watch, setValue, submit, formError, setServerErrors } = useZodForm(riskResolveRequest, {
    defaultValues: { note: '', dont_flag_again: false },
  });
  const onSubmit = submit(
    async (values) => {
      await resolve.mutateAsync({ id, ...values });
      toast.success('Marked as resolved');
    },
    (error) => (setServerErrors(error, ['note']) ? undefined : getServerMessage(error)),
  );
  return (
    <form noValidate className="space-y-3" onSubmit={(event) => void onSubmit(event)}>
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextAreaField label="Resolution note" rows={2} maxLength={2000} {...field('note')} />
      <CheckboxField
        label="Don't flag this partner for this signal again"
        checked={Boolean(watch('dont_flag_again'))}
        onChange={(checked) => setValue('dont_flag_again', checked)}
      />
      <Button type="submit" isLoading={resolve.isPending}>
        Resolve
      </Button>
    </form>
  );
}

function VoidDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const voidLines = useVoidRisk();
  const formId = useId();
  const { field, submit, formError, setServerErrors } = useZodForm(riskVoidRequest, {
    defaultValues: { note: '', confirm: '' as 'VOID' },
  });
  const onSubmit = submit(
    async (values) => {
      await voidLines.mutateAsync({ id, ...values });
      toast.success('Held lines voided as fraud');
      onClose();
    },
    (error) => (setServerErrors(error, ['note', 'confirm']) ? undefined : getServerMessage(error)),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Void held lines as fraud?"
      description="This cannot be undone: the held lines of these referrals are voided and never paid."
      footer={
        <DialogActions submitLabel="Void lines" onCancel={onClose} form={formId} isPending={voidLines.isPending} tone="danger" />
      }
    >
      <form id={formId} noValidate className="space-y-3" onSubmit={(event) => void onSubmit(event)}>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextAreaField label="Why" rows={2} maxLength={2000} {...field('note')} />
        <TextField label="Type VOID to confirm" autoComplete="off" {...field('confirm')} />
      </form>
    </Dialog>
  );
}
