import type { ComponentProps } from 'react';
import toast from 'react-hot-toast';
import { BackLink } from '@/components/ui/back-link';
import { useSearchParams } from 'react-router';
import { proposalRequest, proposalValidDays, type FeeBasis } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardFooter } from '@/components/ui/card';
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

/** A dollar amount or a rate: the decimal keypad, nothing below zero, cents or fractions allowed. */
function AmountField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'min' | 'step'>) {
  return <TextField type="number" inputMode="decimal" min={0} step="any" {...props} />;
}

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

  /** An amount field's registration (read as a number, blank as none) and its error. */
  const amount = (name: 'monthly_sales' | 'monthly_fees' | 'effective_rate_pct' | 'average_ticket') => ({
    ...register(name, { setValueAs: asNumber }),
    error: errors[name]?.message,
  });

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
            <AmountField label="Monthly card sales ($)" placeholder="e.g. 30000" {...amount('monthly_sales')} />
            <SelectField label="Current fees known as" options={basisOptions} {...field('basis')} />
            {basis === 'fees' && (
              <AmountField label="Monthly processing fees ($)" placeholder="e.g. 900" {...amount('monthly_fees')} />
            )}
            {basis === 'rate' && (
              <AmountField label="Effective rate (%)" placeholder="e.g. 2.9" {...amount('effective_rate_pct')} />
            )}
            {basis === 'unknown' && (
              <p className="self-end text-sm text-slate-600">
                The proposal uses a typical effective rate of 2.5–3.5% and says so.
              </p>
            )}
            <AmountField
              label="Average ticket ($, optional)"
              placeholder="e.g. 40"
              hint="Shows what a card customer pays on a typical sale."
              {...amount('average_ticket')}
            />
          </div>
          <CardFooter>
            <Button type="submit" isLoading={isSubmitting}>
              {isSubmitting ? 'Preparing…' : 'Download proposal (PDF)'}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </div>
  );
}
