import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import toast from 'react-hot-toast';
import { messages, type Setting } from '@portal/contract';
import { CogIcon, PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useSettings } from '../api/get-settings';
import { useDeleteSetting } from '../api/delete-setting';
import { SettingForm } from '../components/setting-form';
import { KnownSettings } from '../components/known-settings';
import { SettingsTable } from '../components/settings-table';
import { QueryState } from '@/components/ui/query-state';
import { ApplicationQuestionsCard } from '../components/application-questions-card';

const m = messages.settings;

type FormState = { mode: 'closed' } | { mode: 'add'; presetKey?: string } | { mode: 'edit'; setting: Setting };

export function AdminSettingsPage() {
  const settings = useSettings();
  const deleteMutation = useDeleteSetting();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [pendingDelete, setPendingDelete] = useState<Setting | null>(null);
  const closeForm = () => setForm({ mode: 'closed' });

  const handleDelete = async (setting: Setting) => {
    try {
      await deleteMutation.mutateAsync(setting.key);
      toast.success(m.deleted);
      if (form.mode === 'edit' && form.setting.key === setting.key) closeForm();
    } catch {
      toast.error(m.deleteFailed);
    } finally {
      setPendingDelete(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Settings"
        description={
          <>
            Your brand, who may join, and any other value the portal or your team reads. Your own password and devices:{' '}
            <Link to={paths.admin.account} className="font-medium text-brand-700 hover:underline">
              Your account
            </Link>
            .
          </>
        }
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
            key={form.mode === 'edit' ? `edit:${form.setting.key}` : `add:${form.presetKey ?? ''}`}
            setting={form.mode === 'edit' ? form.setting : undefined}
            presetKey={form.mode === 'add' ? form.presetKey : undefined}
            onDone={closeForm}
          />
        )}
      </div>

      <QueryState query={settings} errorTitle={m.fetchFailed}>
        {(data) => (
          <>
            <KnownSettings
              settings={data}
              onAdd={(key) => {
                setForm({ mode: 'add', presetKey: key });
                document.getElementById('setting-form')?.scrollIntoView({ block: 'nearest' });
              }}
              onEdit={(setting) => setForm({ mode: 'edit', setting })}
            />
            <ApplicationQuestionsCard />
            <h2 className="mb-3 text-base font-semibold text-slate-900">All settings</h2>
            {data.length === 0 ? (
              <EmptyState icon={<CogIcon className="size-6" />}>{m.empty}</EmptyState>
            ) : (
              <SettingsTable
                settings={data}
                deletingKey={deleteMutation.isPending ? (deleteMutation.variables ?? null) : null}
                onEdit={(setting) => setForm({ mode: 'edit', setting })}
                onDelete={setPendingDelete}
              />
            )}
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete ? `Delete “${pendingDelete.key}”` : 'Delete setting'}
        message={m.confirmDelete}
        confirmLabel="Delete"
        tone="danger"
        isPending={deleteMutation.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => pendingDelete && void handleDelete(pendingDelete)}
      />
    </>
  );
}
