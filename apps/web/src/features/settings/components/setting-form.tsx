import toast from 'react-hot-toast';
import { createSettingRequest, findKnownSetting, messages, validateSettingValue, type Setting } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useCreateSetting } from '../api/create-setting';
import { useUpdateSetting } from '../api/update-setting';

const m = messages.settings;

interface SettingFormProps {
  /** The setting being edited; absent when adding one. */
  setting?: Setting;
  /** The key to add (the "Add" shortcut of a known key). */
  presetKey?: string;
  onDone: () => void;
}

/** The contract's rule for a known key's value, checked before sending (the server checks it too). */
const settingFormSchema = createSettingRequest.superRefine((values, ctx) => {
  const refusal = validateSettingValue(values.key, values.value);
  if (refusal) ctx.addIssue({ code: 'custom', path: ['value'], message: refusal });
});

/** Add or edit one setting. The key is immutable once created, so editing shows it disabled. */
export function SettingForm({ setting, presetKey, onDone }: SettingFormProps) {
  const isEditing = setting !== undefined;
  const createMutation = useCreateSetting();
  const updateMutation = useUpdateSetting();
  const { field, submit, formError, setServerErrors, watch, isSubmitting } = useZodForm(settingFormSchema, {
    defaultValues: { key: setting?.key ?? presetKey ?? '', value: setting?.value ?? '' },
  });
  const known = findKnownSetting(isEditing ? setting.key : (watch('key') ?? ''));

  const onSubmit = submit(
    async ({ key, value }) => {
      if (isEditing) await updateMutation.mutateAsync({ key: setting.key, value });
      else await createMutation.mutateAsync({ key, value });
      toast.success(isEditing ? m.updated : m.added);
      onDone();
    },
    (error) => {
      toast.error(isEditing ? m.updateFailed : m.addFailed);
      return setServerErrors(error, ['value', 'key']) ? undefined : getServerMessage(error);
    },
  );

  const keyHint = known ? known.description : 'Any key works; the keys listed above have a meaning to the portal.';

  return (
    <Card className="mb-6">
      <form onSubmit={onSubmit} noValidate aria-labelledby="setting-form-title">
        <div className="space-y-5 p-5 sm:p-6">
          <h2 id="setting-form-title" className="text-base font-semibold text-slate-900">
            {isEditing ? 'Edit setting' : 'Add setting'}
          </h2>
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            {isEditing ? (
              <TextField label="Key" value={setting.key} disabled readOnly hint="Keys cannot be changed." />
            ) : (
              <TextField label="Key" autoComplete="off" autoFocus={!presetKey} hint={keyHint} {...field('key')} />
            )}
            {known?.choices ? (
              <SelectField
                label="Value"
                autoFocus={isEditing || Boolean(presetKey)}
                placeholder="Choose…"
                options={known.choices.map(({ value, label }) => ({ value, label }))}
                hint={known.choices.map((choice) => `${choice.label}: ${choice.help}`).join(' ')}
                {...field('value')}
              />
            ) : known?.unit ? (
              <TextField
                label={`Value (${known.unit})`}
                inputMode="decimal"
                autoFocus={isEditing || Boolean(presetKey)}
                placeholder={`e.g. ${known.example}`}
                hint={isEditing ? known.description : undefined}
                {...field('value')}
              />
            ) : (
              <TextAreaField
                label="Value"
                rows={3}
                autoFocus={isEditing || Boolean(presetKey)}
                placeholder={known ? `e.g. ${known.example}` : undefined}
                hint={isEditing && known ? known.description : undefined}
                {...field('value')}
              />
            )}
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">
          <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSubmitting}>
            {isSubmitting ? 'Saving…' : isEditing ? 'Save Changes' : 'Save Setting'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
