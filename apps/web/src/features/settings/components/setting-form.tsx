import { useState } from 'react';
import toast from 'react-hot-toast';
import { createSettingRequest, findKnownSetting, messages, validateSettingValue, type Setting } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import axios from 'axios';
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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(settingFormSchema, {
    defaultValues: { key: setting?.key ?? presetKey ?? '', value: setting?.value ?? '' },
  });
  const known = findKnownSetting(isEditing ? setting.key : (watch('key') ?? ''));

  const onSubmit = handleSubmit(async ({ key, value }) => {
    setFormError(null);
    try {
      if (isEditing) await updateMutation.mutateAsync({ key: setting.key, value });
      else await createMutation.mutateAsync({ key, value });
      toast.success(isEditing ? m.updated : m.added);
      onDone();
    } catch (error) {
      toast.error(isEditing ? m.updateFailed : m.addFailed);
      const detail = getServerMessage(error);
      const fieldErrors = axios.isAxiosError<{ errors?: Record<string, string> }>(error)
        ? error.response?.data?.errors
        : undefined;
      if (fieldErrors?.value) setError('value', { message: fieldErrors.value }, { shouldFocus: true });
      else if (fieldErrors?.key) setError('key', { message: fieldErrors.key }, { shouldFocus: true });
      else if (detail) setFormError(detail);
    }
  });

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
              <TextField
                label="Key"
                autoComplete="off"
                autoFocus={!presetKey}
                hint={keyHint}
                error={errors.key?.message}
                {...register('key')}
              />
            )}
            <TextAreaField
              label="Value"
              rows={3}
              autoFocus={isEditing || Boolean(presetKey)}
              placeholder={known ? `e.g. ${known.example}` : undefined}
              hint={isEditing && known ? known.description : undefined}
              error={errors.value?.message}
              {...register('value')}
            />
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
