import { achBankInput, payoutMessages as m, type PayoutDetails } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useSavePayoutDetails } from '../api/save-payout-details';
import { partFailure } from './server-field-errors';
import { PartFormActions, PayoutPartHeader, SummaryItem, usePartEditing } from './payout-part-header';

/** Where payouts go: an ACH bank account (masked once saved), or "paid outside the portal" when allowed. */
export function BankSection({ details }: { details: PayoutDetails }) {
  const bank = details.bank;
  const { editing, stopEditing, done, header } = usePartEditing(bank === null);
  const save = useSavePayoutDetails();
  const hasTaxForm = details.tax_form !== null;
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="bank-title">
      <PayoutPartHeader
        titleId="bank-title"
        title="Bank account"
        status={bank?.status}
        editLabel="Change bank account"
        {...header}
      />
      {bank?.status === 'rejected' && bank.reject_reason && (
        <Alert tone="error" className="mt-4">
          {m.reasonBankRejected(bank.reject_reason)}
        </Alert>
      )}
      {bank && !editing && (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2" data-testid="bank-summary">
          {bank.method === 'outside' ? (
            <SummaryItem label="Method">Paid outside the portal</SummaryItem>
          ) : (
            <>
              <SummaryItem label="Account">
                {bank.account_type === 'savings' ? 'Savings' : 'Checking'} {bank.account_masked}
              </SummaryItem>
              <SummaryItem label="Routing number">{bank.routing_masked}</SummaryItem>
              <SummaryItem label="Account holder">{bank.holder_name}</SummaryItem>
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
            onCancel={bank ? stopEditing : undefined}
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
    partFailure(setError, 'bank', 'Could not save the bank account'),
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
      <PartFormActions isSubmitting={isSubmitting} onCancel={onCancel} label="Save bank account" pendingLabel="Saving…" />
    </form>
  );
}
