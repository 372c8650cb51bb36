import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { createSettingRequest, messages, settingKeys, type Setting } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useCreateSetting } from '../api/create-setting';
import { useUpdateSetting } from '../api/update-setting';

const m = messages.settings;

interface SettingFormProps {
  /** The setting being edited; absent when adding one. */
  setting?: Setting;
  onDone: () => void;
}

/** Add or edit one setting. The key is immutable once created, so editing shows it disabled. */
export function SettingForm({ setting, onDone }: SettingFormProps) {
  const isEditing = setting !== undefined;
  const createMutation = useCreateSetting();
  const updateMutation = useUpdateSetting();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createSettingRequest),
    defaultValues: { key: setting?.key ?? '', value: setting?.value ?? '' },
  });

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
      if (detail) setFormError(detail);
    }
  });

  const keyHint = `“${settingKeys.contactUs}” sets the partners' Contact Us link.`;

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
              <TextField label="Key" autoComplete="off" autoFocus hint={keyHint} error={errors.key?.message} {...register('key')} />
            )}
            <TextAreaField label="Value" rows={3} autoFocus={isEditing} error={errors.value?.message} {...register('value')} />
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
