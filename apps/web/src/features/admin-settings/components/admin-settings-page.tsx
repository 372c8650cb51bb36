import { useState } from 'react';
import toast from 'react-hot-toast';
import { messages, type Setting } from '@portal/contract';
import { CogIcon, PlusIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useSettings } from '../api/get-settings';
import { useDeleteSetting } from '../api/delete-setting';
import { SettingForm } from './setting-form';
import { SettingsTable } from './settings-table';

const m = messages.settings;

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; setting: Setting };

export function AdminSettingsPage() {
  const settings = useSettings();
  const deleteMutation = useDeleteSetting();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const closeForm = () => setForm({ mode: 'closed' });

  const handleDelete = async (setting: Setting) => {
    if (!window.confirm(m.confirmDelete)) return;
    try {
      await deleteMutation.mutateAsync(setting.key);
      toast.success(m.deleted);
      if (form.mode === 'edit' && form.setting.key === setting.key) closeForm();
    } catch {
      toast.error(m.deleteFailed);
    }
  };

  return (
    <>
      <PageHeader
        title="Settings"
        description="System-wide values the portal reads, such as the Contact Us link."
        actions={
          <Button
            aria-expanded={form.mode === 'add'}
            aria-controls="setting-form"
            onClick={() => setForm(form.mode === 'add' ? { mode: 'closed' } : { mode: 'add' })}
          >
            <PlusIcon className="size-4" />
            Add Setting
          </Button>
        }
      />

      <div id="setting-form">
        {form.mode !== 'closed' && (
          <SettingForm
            key={form.mode === 'edit' ? `edit:${form.setting.key}` : 'add'}
            setting={form.mode === 'edit' ? form.setting : undefined}
            onDone={closeForm}
          />
        )}
      </div>

      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <Alert tone="error" title={m.fetchFailed}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : settings.data.length === 0 ? (
        <EmptyState icon={<CogIcon className="size-6" />}>{m.empty}</EmptyState>
      ) : (
        <SettingsTable
          settings={settings.data}
          deletingKey={deleteMutation.isPending ? (deleteMutation.variables ?? null) : null}
          onEdit={(setting) => setForm({ mode: 'edit', setting })}
          onDelete={(setting) => void handleDelete(setting)}
        />
      )}
    </>
  );
}
