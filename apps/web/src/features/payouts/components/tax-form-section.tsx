import { useState } from 'react';
import {
  entityTypeLabels,
  entityTypes,
  payoutMessages as m,
  w8Input,
  w9Input,
  type PayoutDetails,
  type PutPayoutDetailsRequest,
} from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useSavePayoutDetails } from '../api/save-payout-details';
import { partFailure } from './server-field-errors';
import { PartFormActions, PayoutPartHeader, SummaryItem, usePartEditing } from './payout-part-header';
import { formatDate } from '@/lib/format';

const entityOptions = entityTypes.map((value) => ({ value, label: entityTypeLabels[value] }));
const certifyText =
  'Under penalties of perjury, I certify that the information on this form is true, correct and complete, and that the taxpayer identification number shown is correct.';

/** The tax form: what is on file (masked TIN), or the W-9 / W-8 form to fill in. */
export function TaxFormSection({ details }: { details: PayoutDetails }) {
  const form = details.tax_form;
  const { editing, stopEditing, done, header } = usePartEditing(form === null);
  const [kind, setKind] = useState<'w9' | 'w8'>(form && form.kind !== 'w9' ? 'w8' : 'w9');
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="tax-form-title">
      <PayoutPartHeader
        titleId="tax-form-title"
        title="Tax form"
        status={form?.status}
        editLabel="Replace tax form"
        {...header}
      />
      {form?.reject_reason && form.status === 'rejected' && (
        <Alert tone="error" className="mt-4">
          {m.reasonTaxRejected(form.reject_reason)}
        </Alert>
      )}
      {form && !editing && (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2" data-testid="tax-form-summary">
          <SummaryItem label="Form">{form.form_revision}</SummaryItem>
          <SummaryItem label="Name">{[form.legal_name, form.business_name].filter(Boolean).join(' · ')}</SummaryItem>
          {form.tin_masked && <SummaryItem label="Taxpayer ID">{form.tin_masked}</SummaryItem>}
          <SummaryItem label="Signed">{`${form.signature}, ${formatDate(form.signed_at)}`}</SummaryItem>
          {form.expires_on && <SummaryItem label="Valid until">{formatDate(form.expires_on)}</SummaryItem>}
        </dl>
      )}
      {editing && (
        <div className="mt-4 space-y-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Are you a US person (citizen, resident or US company)?</legend>
            <div className="mt-2 flex flex-wrap gap-4 text-sm">
              <label className="inline-flex items-center gap-2">
                <input type="radio" name="tax-kind" checked={kind === 'w9'} onChange={() => setKind('w9')} /> Yes: W-9
              </label>
              <label className="inline-flex items-center gap-2">
                <input type="radio" name="tax-kind" checked={kind === 'w8'} onChange={() => setKind('w8')} /> No: W-8BEN or
                W-8BEN-E
              </label>
            </div>
          </fieldset>
          {kind === 'w9' ? (
            <W9Form onSaved={done} onCancel={form ? stopEditing : undefined} />
          ) : (
            <W8Form onSaved={done} onCancel={form ? stopEditing : undefined} />
          )}
        </div>
      )}
    </Card>
  );
}

function Certification({ registration, error }: { registration: object; error?: string }) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className="mt-0.5 size-4" {...registration} aria-invalid={error ? true : undefined} />
        <span>{certifyText}</span>
      </label>
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </div>
  );
}

/** Saves a signed tax form (either kind), then hands back to the section. */
function useSaveTaxForm(onSaved: () => void) {
  const save = useSavePayoutDetails();
  return async (taxForm: NonNullable<PutPayoutDetailsRequest['tax_form']>) => {
    await save.mutateAsync({ tax_form: taxForm });
    onSaved();
  };
}

function W9Form({ onSaved, onCancel }: { onSaved: () => void; onCancel?: () => void }) {
  const saveTaxForm = useSaveTaxForm(onSaved);
  const { field, submit, formError, setError, register, formState, isSubmitting } = useZodForm(w9Input, {
    defaultValues: {
      kind: 'w9',
      legal_name: '',
      business_name: '',
      entity_type: 'individual',
      address: { line1: '', line2: '', city: '', state: '', zip: '' },
      tin_type: 'ssn',
      tin: '',
      signature: '',
    },
  });
  const onSubmit = submit(saveTaxForm, partFailure(setError, 'tax_form', 'Could not save the form'));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="W-9">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name (as shown on your income tax return)" autoComplete="name" {...field('legal_name')} />
        <TextField label="Business name (if different)" autoComplete="organization" {...field('business_name')} />
        <SelectField label="Federal tax classification" options={entityOptions} {...field('entity_type')} />
        <SelectField
          label="Taxpayer ID type"
          options={[
            { value: 'ssn', label: 'Social Security number (SSN)' },
            { value: 'ein', label: 'Employer identification number (EIN)' },
          ]}
          {...field('tin_type')}
        />
        <TextField
          label="Taxpayer ID number"
          inputMode="numeric"
          autoComplete="off"
          hint="9 digits; dashes are fine."
          {...field('tin')}
        />
        <TextField label="Street address" autoComplete="address-line1" {...field('address.line1')} />
        <TextField label="Apartment, suite (optional)" autoComplete="address-line2" {...field('address.line2')} />
        <TextField label="City" autoComplete="address-level2" {...field('address.city')} />
        <div className="grid grid-cols-2 gap-4">
          <TextField label="State" autoComplete="address-level1" maxLength={2} {...field('address.state')} />
          <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" {...field('address.zip')} />
        </div>
      </div>
      <Certification registration={register('certify')} error={formState.errors.certify?.message} />
      <TextField label="Signature (type your full name)" className="max-w-sm" {...field('signature')} />
      <PartFormActions isSubmitting={isSubmitting} onCancel={onCancel} label="Sign and submit W-9" pendingLabel="Signing…" />
    </form>
  );
}

function W8Form({ onSaved, onCancel }: { onSaved: () => void; onCancel?: () => void }) {
  const saveTaxForm = useSaveTaxForm(onSaved);
  const { field, submit, formError, setError, register, formState, isSubmitting } = useZodForm(w8Input, {
    defaultValues: {
      kind: 'w8ben',
      legal_name: '',
      business_name: '',
      address: { line1: '', line2: '', city: '', state: '', zip: '', country: '' },
      foreign_tin: '',
      signed_on: new Date().toISOString().slice(0, 10),
      signature: '',
    },
  });
  const onSubmit = submit(saveTaxForm, partFailure(setError, 'tax_form', 'Could not save the form'));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="W-8">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Form"
          options={[
            { value: 'w8ben', label: 'W-8BEN (individual)' },
            { value: 'w8bene', label: 'W-8BEN-E (entity)' },
          ]}
          {...field('kind')}
        />
        <TextField label="Name of individual or organization" {...field('legal_name')} />
        <TextField label="Business name (optional)" {...field('business_name')} />
        <TextField label="Country of residence (two letters, such as DE)" maxLength={2} {...field('address.country')} />
        <TextField label="Street address" {...field('address.line1')} />
        <TextField label="City" {...field('address.city')} />
        <TextField label="Foreign tax ID (optional)" autoComplete="off" {...field('foreign_tin')} />
        <TextField
          label="Date signed"
          type="date"
          {...field('signed_on')}
          hint="Valid to the end of the third calendar year after."
        />
      </div>
      <Certification registration={register('certify')} error={formState.errors.certify?.message} />
      <TextField label="Signature (type your full name)" className="max-w-sm" {...field('signature')} />
      <PartFormActions isSubmitting={isSubmitting} onCancel={onCancel} label="Sign and submit W-8" pendingLabel="Signing…" />
    </form>
  );
}
