import { useState } from 'react';
import { z } from 'zod';
import { dollarsToCents, formatCents, payoutMessages as m, putTaxThresholdRequest, type TaxThreshold } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { QueryTable } from '@/components/ui/query-table';
import { actionsColumn, type Column } from '@/components/ui/table';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useTaxThresholds } from '../api/get-tax-thresholds';
import { useSaveTaxThreshold } from '../api/save-tax-threshold';

const request = putTaxThresholdRequest.shape;
/** The contract's fields, as typed: the year as text, the amount in dollars. */
const thresholdForm = z.object({
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, m.thresholdYearInvalid)
    .transform(Number)
    .pipe(request.year),
  amount: z
    .string()
    .trim()
    .refine((text) => dollarsToCents(text) !== null, m.thresholdAmountInvalid)
    .transform((text) => dollarsToCents(text) ?? Number.NaN)
    .pipe(request.threshold_cents),
});

/**
 * The 1099-NEC threshold per year (issue 22 §3): $600 through 2025 and $2,000 for 2026 by law; an
 * admin sets any year from 2020 to 2100 (the amount is indexed for inflation after 2026).
 */
export function TaxThresholdsTable() {
  const thresholds = useTaxThresholds();
  const save = useSaveTaxThreshold();
  const [notice, setNotice] = useState<string | null>(null);
  const { field, submit, setValue, setFocus, formError, setServerErrors, isSubmitting } = useZodForm(thresholdForm, {
    defaultValues: { year: String(new Date().getUTCFullYear() + 1), amount: '' },
  });
  const onSubmit = submit(
    async (values) => {
      setNotice(null);
      setNotice((await save.mutateAsync({ year: values.year, threshold_cents: values.amount })) ?? null);
    },
    (error) => {
      const named = { year: 'year', threshold_cents: 'amount' } as const;
      if (setServerErrors(error, Object.values(named))) return undefined;
      return getServerMessage(error) ?? 'Could not save the threshold';
    },
  );

  const columns: Column<TaxThreshold>[] = [
    { key: 'year', header: 'Year', hideLabelOnPhone: true, cell: (r) => <span className="font-medium">{r.year}</span> },
    {
      key: 'threshold',
      header: 'Threshold',
      className: 'tabular-nums sm:text-right',
      cell: (r) => formatCents(r.threshold_cents),
    },
    {
      key: 'source',
      header: 'Set by',
      cell: (r) => (r.source === 'law' ? <Badge tone="slate">Law</Badge> : <Badge tone="blue">Program</Badge>),
    },
    actionsColumn((r) => (
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Edit the ${r.year} threshold`}
        onClick={() => {
          setValue('year', String(r.year));
          setValue('amount', (r.threshold_cents / 100).toFixed(2));
          setFocus('amount');
        }}
      >
        Edit
      </Button>
    )),
  ];

  return (
    <section aria-labelledby="thresholds-title" className="space-y-3">
      <div>
        <h2 id="thresholds-title" className="text-base font-semibold text-slate-900">
          Thresholds by year
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          A payee is listed when their payments in the year reach its threshold. Set a later year’s amount when it is indexed for
          inflation.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3" aria-label="Set a year’s threshold">
        <div className="w-28">
          <TextField label="Year" inputMode="numeric" {...field('year')} />
        </div>
        <div className="w-40">
          <TextField label="Threshold ($)" inputMode="decimal" placeholder="2000.00" {...field('amount')} />
        </div>
        <Button type="submit" className="sm:mt-6" isLoading={isSubmitting}>
          Save threshold
        </Button>
      </form>
      {notice && <Alert tone="success">{notice}</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}
      <QueryTable
        query={thresholds}
        errorTitle="Could not load the thresholds"
        caption="1099-NEC thresholds by year"
        columns={columns}
        getRowId={(r) => String(r.year)}
        empty="No thresholds"
      />
    </section>
  );
}
