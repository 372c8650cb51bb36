import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  integrityMessages as m,
  integritySettingsSchema,
  ownerRuleLabels,
  ownerRules,
  riskActionLabels,
  riskActions,
  riskSignalLabels,
  riskSignals,
  type IntegritySettings,
} from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { SubmitRow } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Select, SelectField } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useIntegritySettings } from '../api/get-integrity-settings';
import { useSaveIntegritySettings } from '../api/save-integrity-settings';
import { IntegrityTabs } from '../components/integrity-tabs';

const count = (message: string) => z.coerce.number({ error: message }).int(message);
/** The contract's settings, with the numbers and the exempt partners typed as text in their fields. */
const formSchema = integritySettingsSchema.extend({
  window_days: count(m.windowRange).min(1, m.windowRange).max(730, m.windowRange),
  velocity_per_link_per_hour: count(m.velocityRange).min(1, m.velocityRange).max(1000, m.velocityRange),
  velocity_per_visitor_per_hour: count(m.velocityRange).min(1, m.velocityRange).max(1000, m.velocityRange),
  domain_exempt_partner_ids: z
    .string()
    .regex(/^[\d,\s]*$/, 'Enter partner ids separated by commas')
    .transform((text) =>
      text
        .split(/[,\s]+/)
        .filter(Boolean)
        .map(Number),
    ),
});

const toForm = (s: IntegritySettings) => ({ ...s, domain_exempt_partner_ids: s.domain_exempt_partner_ids.join(', ') });

/** /admin/integrity-settings: ownership rules and the fraud signals, each on or off with its action. */
export function AdminIntegritySettingsPage() {
  const settings = useIntegritySettings();
  return (
    <>
      <PageHeader
        title="Referral integrity"
        description="Who owns a business referred twice, and which fraud signals hold a bonus."
      />
      <IntegrityTabs />
      <QueryState query={settings} errorTitle={getServerMessage(settings.error) ?? 'The rules could not be loaded'}>
        {(data) => <SettingsForm settings={data} />}
      </QueryState>
    </>
  );
}

function SettingsForm({ settings }: { settings: IntegritySettings }) {
  const save = useSaveIntegritySettings();
  const { field, watch, setValue, reset, submit, formError, setServerErrors } = useZodForm(formSchema, {
    defaultValues: toForm(settings),
  });
  useEffect(() => reset(toForm(settings)), [settings, reset]);
  const onSubmit = submit(
    async (values) => {
      await save.mutateAsync(values);
      toast.success(m.settingsSaved);
    },
    (error) =>
      setServerErrors(error, [
        'window_days',
        'velocity_per_link_per_hour',
        'velocity_per_visitor_per_hour',
        'domain_exempt_partner_ids',
      ])
        ? undefined
        : getServerMessage(error),
  );
  return (
    <form noValidate className="space-y-6" onSubmit={(event) => void onSubmit(event)}>
      {formError && <Alert tone="error">{formError}</Alert>}
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Ownership</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Who owns a business referred twice"
            options={ownerRules.map((value) => ({ value, label: ownerRuleLabels[value] }))}
            hint="Suggested in the conflict queue; the admin decides."
            {...field('owner_rule')}
          />
          <TextField label="Protection window (days)" inputMode="numeric" hint="From submission" {...field('window_days')} />
        </div>
        <Switch
          label="Extend the window while the referral is moving"
          description="Each status move pushes the end of the window to the move plus the window."
          checked={Boolean(watch('extend_while_moving'))}
          onChange={(checked) => setValue('extend_while_moving', checked, { shouldDirty: true })}
        />
        <Switch
          label="Existing customers are not eligible"
          description="A referral that matches an approved merchant is marked “Already a customer — not eligible”."
          checked={Boolean(watch('existing_customer_rule'))}
          onChange={(checked) => setValue('existing_customer_rule', checked, { shouldDirty: true })}
        />
      </Card>
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Fraud signals</h2>
        <ul className="divide-y divide-slate-100">
          {riskSignals.map((signal) => (
            <li key={signal} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 flex-1">
                <Switch
                  label={riskSignalLabels[signal]}
                  checked={Boolean(watch(`signals.${signal}.enabled`))}
                  onChange={(checked) => setValue(`signals.${signal}.enabled`, checked, { shouldDirty: true })}
                />
              </div>
              <Select
                aria-label={`${riskSignalLabels[signal]}: action`}
                className="sm:w-48"
                options={riskActions.map((value) => ({ value, label: riskActionLabels[value] }))}
                {...field(`signals.${signal}.action`)}
              />
            </li>
          ))}
        </ul>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Velocity: referrals an hour per link" inputMode="numeric" {...field('velocity_per_link_per_hour')} />
          <TextField
            label="Velocity: referrals an hour per visitor"
            inputMode="numeric"
            {...field('velocity_per_visitor_per_hour')}
          />
        </div>
        <TextField
          label="Partners who submit on behalf of merchants (ids)"
          hint="Exempt from the self-referral email-domain rule. Separate ids with commas."
          {...field('domain_exempt_partner_ids')}
        />
      </Card>
      <SubmitRow isPending={save.isPending}>Save rules</SubmitRow>
    </form>
  );
}
