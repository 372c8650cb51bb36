import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  maxOverrideLevels,
  negativeNetLabels,
  negativeNetPolicies,
  planTerms,
  splitBases,
  splitBasisLabels,
  splitFundingLabels,
  splitFundings,
  type CommissionPlan,
} from '@portal/contract';
import { PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { getFieldErrors } from './server-errors';
import { formToPlan, levelField, planFieldKeys, planFormSchema, planToForm, type PlanFormValues } from './plan-fields';

interface PlanFormProps {
  plan: CommissionPlan;
  currency: string;
  submitLabel: string;
  onSubmit: (plan: CommissionPlan) => Promise<unknown>;
  /** Disables the fields (a partner on the program plan). */
  disabled?: boolean;
  extraActions?: React.ReactNode;
}

/**
 * The plan terms, in dollars, days and percent, and the team override (issue 21): a rate per upline
 * level, its basis and who funds it. Amounts go to the server as cents and basis points.
 */
export function PlanForm({ plan, currency, submitLabel, onSubmit, disabled = false, extraActions }: PlanFormProps) {
  const {
    field,
    handleSubmit,
    reset,
    setError,
    watch,
    control,
    isSubmitting,
    formState: { isDirty },
  } = useZodForm(planFormSchema, { defaultValues: planToForm(plan) });

  useEffect(() => reset(planToForm(plan)), [plan, reset]);
  const levels = useFieldArray({ control, name: 'override_levels' });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(formToPlan(values, plan));
    } catch (error) {
      toast.error(getServerMessage(error) ?? 'Failed to save the plan');
      // The server's field messages land on the matching field.
      const fields = getFieldErrors(error);
      for (const [formKey, planKey] of Object.entries(planFieldKeys) as [keyof PlanFormValues, string][]) {
        const message = fields[planKey];
        if (message) setError(formKey, { message });
      }
      for (const [key, message] of Object.entries(fields)) {
        const name = levelField(key);
        if (name) setError(name, { message });
      }
    }
  });

  const money = `in ${currency}`;
  // The terms partners read are written from the plan: show them as the admin types.
  const typed = planFormSchema.safeParse(watch());
  const preview = typed.success ? planTerms(formToPlan(typed.data, plan), currency) : null;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Bonus per approved merchant" inputMode="decimal" hint={money} {...field('bonus')} />
        <TextField
          label="Minimum volume before the bonus"
          inputMode="decimal"
          hint={`Imported processing volume the merchant must reach, ${money}`}
          {...field('bonus_min_volume')}
        />
        <TextField
          label="Clawback window (days)"
          inputMode="numeric"
          hint="A merchant closed within this many days of approval reverses the bonus"
          {...field('clawback_days')}
        />
        <TextField
          label="Residual share (%)"
          inputMode="decimal"
          hint="Of each merchant's monthly net revenue"
          {...field('residual_share')}
        />
        <TextField
          label="Minimum payout"
          inputMode="decimal"
          hint={`Smaller totals roll into the next statement, ${money}`}
          {...field('min_payout')}
        />
        <SelectField
          label="On a negative net"
          hint="A month of chargebacks or refunds: what this partner's lines do"
          options={negativeNetPolicies.map((policy) => ({ value: policy, label: negativeNetLabels[policy] }))}
          {...field('negative_net')}
        />
      </fieldset>
      <fieldset disabled={disabled} className="space-y-3 border-t border-slate-200 pt-4">
        <legend className="sr-only">Team override</legend>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Team override</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            What each upline earns on this partner&rsquo;s merchants: level 1 is the partner&rsquo;s upline, level 2 the one
            above, up to {maxOverrideLevels} levels.
          </p>
        </div>
        {levels.fields.length === 0 && (
          <p className="text-sm text-slate-600">No override: uplines earn nothing on these merchants.</p>
        )}
        <ol className="space-y-4">
          {levels.fields.map((level, index) => (
            <li
              key={level.id}
              className="flex items-start gap-2 border-t border-slate-100 pt-4 first:border-0 first:pt-0 sm:border-0 sm:pt-0"
            >
              <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-3">
                <TextField
                  label={`Level ${index + 1} rate (%)`}
                  inputMode="decimal"
                  {...field(`override_levels.${index}.rate`)}
                />
                <TextField
                  label={`Level ${index + 1} ends after`}
                  type="month"
                  placeholder="YYYY-MM"
                  hint="Optional: the last month at this rate"
                  {...field(`override_levels.${index}.end_month`)}
                />
                <TextField
                  label={`Level ${index + 1} rate after (%)`}
                  inputMode="decimal"
                  hint="From the month after"
                  {...field(`override_levels.${index}.rate_after`)}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                className="mt-7"
                aria-label={`Remove level ${index + 1}`}
                onClick={() => levels.remove(index)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        {levels.fields.length < maxOverrideLevels && (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => levels.append({ rate: '', end_month: '', rate_after: '' })}
          >
            <PlusIcon className="size-4" />
            Add level
          </Button>
        )}
        {levels.fields.length > 0 && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Override basis"
              options={splitBases.map((basis) => ({ value: basis, label: splitBasisLabels[basis] }))}
              {...field('override_basis')}
            />
            {watch('override_basis') === 'downline_share' && (
              <SelectField
                label="Who pays the override"
                options={splitFundings.map((funding) => ({ value: funding, label: splitFundingLabels[funding] }))}
                {...field('override_funding')}
              />
            )}
          </div>
        )}
      </fieldset>
      <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite">
        <p className="font-medium text-slate-800">What partners read</p>
        {preview ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="plan-terms-preview">
            {preview.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-500">Correct the fields above to see the terms.</p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {extraActions}
        {!disabled && (
          <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
            {submitLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
