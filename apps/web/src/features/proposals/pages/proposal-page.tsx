import toast from 'react-hot-toast';
import { BackLink } from '@/components/ui/back-link';
import { useSearchParams } from 'react-router';
import { proposalRequest, proposalValidDays, type FeeBasis } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { paths } from '@/lib/paths';
import { downloadProposal } from '../api/download-proposal';

const basisOptions: { value: FeeBasis; label: string }[] = [
  { value: 'fees', label: 'Monthly fees (from the statement)' },
  { value: 'rate', label: 'Effective rate' },
  { value: 'unknown', label: 'Not known: use a typical range' },
];

/** '' → null, else the number typed (the contract's rules name what is missing or out of range). */
const asNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * /proposal: the partner fills in a merchant's figures (on a visit, or from one of their referrals:
 * `?lead=…&business=…`) and downloads a one-page PDF proposal with their QR code.
 */
export function ProposalPage() {
  const [params] = useSearchParams();
  const leadId = params.get('lead') ?? undefined;
  const business = params.get('business') ?? '';
  const {
    register,
    field,
    submit,
    formError,
    watch,
    setServerErrors,
    isSubmitting,
    formState: { errors },
  } = useZodForm(proposalRequest, {
    defaultValues: {
      lead_id: leadId,
      merchant_name: business,
      basis: 'fees',
      monthly_sales: null,
      monthly_fees: null,
      effective_rate_pct: null,
      average_ticket: null,
    },
  });
  const basis = watch('basis');

  const onSubmit = submit(
    async (values) => {
      await downloadProposal({
        ...values,
        monthly_fees: basis === 'fees' ? values.monthly_fees : null,
        effective_rate_pct: basis === 'rate' ? values.effective_rate_pct : null,
      });
      toast.success('Proposal downloaded');
    },
    (error) => {
      setServerErrors(error, ['merchant_name', 'basis', 'monthly_sales', 'monthly_fees', 'effective_rate_pct', 'average_ticket']);
      return getServerMessage(error) ?? 'The proposal could not be created. Please try again.';
    },
  );

  const number = { setValueAs: asNumber };

  return (
    <div className="mx-auto max-w-3xl">
      {leadId && (
        <BackLink to={paths.partner.referral(leadId)} tone="brand">
          Back to the referral
        </BackLink>
      )}
      <PageHeader
        title="Savings proposal"
        description={`Enter the merchant's figures and download a one-page PDF with your company's brand, their saving, what their customers will see and your QR code. Valid for ${proposalValidDays} days.`}
      />
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <div className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
            {formError && (
              <Alert tone="error" className="sm:col-span-2">
                {formError}
              </Alert>
            )}
            <div className="sm:col-span-2">
              <TextField label="Business name" autoComplete="off" {...field('merchant_name')} />
            </div>
            <TextField
              label="Monthly card sales ($)"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              placeholder="e.g. 30000"
              error={errors.monthly_sales?.message}
              {...register('monthly_sales', number)}
            />
            <SelectField label="Current fees known as" options={basisOptions} {...field('basis')} />
            {basis === 'fees' && (
              <TextField
                label="Monthly processing fees ($)"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                placeholder="e.g. 900"
                error={errors.monthly_fees?.message}
                {...register('monthly_fees', number)}
              />
            )}
            {basis === 'rate' && (
              <TextField
                label="Effective rate (%)"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                placeholder="e.g. 2.9"
                error={errors.effective_rate_pct?.message}
                {...register('effective_rate_pct', number)}
              />
            )}
            {basis === 'unknown' && (
              <p className="self-end text-sm text-slate-600">
                The proposal uses a typical effective rate of 2.5–3.5% and says so.
              </p>
            )}
            <TextField
              label="Average ticket ($, optional)"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              placeholder="e.g. 40"
              hint="Shows what a card customer pays on a typical sale."
              error={errors.average_ticket?.message}
              {...register('average_ticket', number)}
            />
          </div>
          <div className="flex items-center justify-end gap-3 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
            <Button type="submit" isLoading={isSubmitting}>
              {isSubmitting ? 'Preparing…' : 'Download proposal (PDF)'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
