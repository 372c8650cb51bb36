import { useState } from 'react';
import { achBankInput, payoutMessages as m, type PayoutDetails } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useSavePayoutDetails } from '../api/save-payout-details';
import { setPartErrors } from './server-field-errors';
import { PayoutPartHeader } from './payout-part-header';

/** Where payouts go: an ACH bank account (masked once saved), or "paid outside the portal" when allowed. */
export function BankSection({ details }: { details: PayoutDetails }) {
  const bank = details.bank;
  const [editing, setEditing] = useState(bank === null);
  const [saved, setSaved] = useState(false);
  const save = useSavePayoutDetails();
  const hasTaxForm = details.tax_form !== null;
  const done = () => {
    setEditing(false);
    setSaved(true);
  };
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="bank-title">
      <PayoutPartHeader
        titleId="bank-title"
        title="Bank account"
        status={bank?.status}
        editLabel="Change bank account"
        editing={editing}
        saved={saved}
        onEdit={() => setEditing(true)}
      />
      {bank?.status === 'rejected' && bank.reject_reason && (
        <Alert tone="error" className="mt-4">
          {m.reasonBankRejected(bank.reject_reason)}
        </Alert>
      )}
      {bank && !editing && (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2" data-testid="bank-summary">
          {bank.method === 'outside' ? (
            <div>
              <dt className="text-slate-500">Method</dt>
              <dd className="font-medium text-slate-900">Paid outside the portal</dd>
            </div>
          ) : (
            <>
              <div>
                <dt className="text-slate-500">Account</dt>
                <dd className="font-medium text-slate-900">
                  {bank.account_type === 'savings' ? 'Savings' : 'Checking'} {bank.account_masked}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Routing number</dt>
                <dd className="font-medium text-slate-900">{bank.routing_masked}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Account holder</dt>
                <dd className="font-medium break-words text-slate-900">{bank.holder_name}</dd>
              </div>
              {!bank.name_matches && bank.status === 'submitted' && (
                <div className="sm:col-span-2">
                  <Alert tone="info">{m.nameMismatch}: an admin checks it before your first payout.</Alert>
                </div>
              )}
            </>
          )}
        </dl>
      )}
      {editing && !hasTaxForm && <p className="mt-4 text-sm text-slate-600">{m.taxFormFirst}.</p>}
      {editing && hasTaxForm && (
        <div className="mt-4 space-y-4">
          <AchForm
            holder={details.tax_form?.business_name ?? details.tax_form?.legal_name ?? ''}
            onSaved={done}
            onCancel={bank ? () => setEditing(false) : undefined}
          />
          {details.outside_allowed && (
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 text-sm text-slate-600">
              <span>Or be paid outside the portal (check, wire or another way the program agrees with you).</span>
              <Button
                variant="secondary"
                isLoading={save.isPending}
                onClick={async () => {
                  await save.mutateAsync({ bank: { method: 'outside' } });
                  done();
                }}
              >
                Get paid outside the portal
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

function AchForm({ holder, onSaved, onCancel }: { holder: string; onSaved: () => void; onCancel?: () => void }) {
  const save = useSavePayoutDetails();
  const { field, submit, formError, setError, watch, isSubmitting } = useZodForm(achBankInput, {
    defaultValues: { method: 'ach', holder_name: holder, routing_number: '', account_number: '', account_type: 'checking' },
  });
  const onSubmit = submit(
    async (values) => {
      await save.mutateAsync({ bank: values });
      onSaved();
    },
    (error) =>
      setPartErrors(setError, error, 'bank') ? undefined : (getServerMessage(error) ?? 'Could not save the bank account'),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Bank account">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Account holder"
          hint="The name on the account: your name or your business name on the tax form."
          {...field('holder_name')}
        />
        <SelectField
          label="Account type"
          options={[
            { value: 'checking', label: 'Checking' },
            { value: 'savings', label: 'Savings' },
          ]}
          hint={watch('account_type') === 'savings' ? m.savingsWarning : undefined}
          {...field('account_type')}
        />
        <TextField label="Routing number" inputMode="numeric" autoComplete="off" maxLength={11} {...field('routing_number')} />
        <TextField label="Account number" inputMode="numeric" autoComplete="off" maxLength={20} {...field('account_number')} />
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4">
        {onCancel && (
          <Button variant="secondary" type="button" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save bank account'}
        </Button>
      </div>
    </form>
  );
}
