import type { Setting } from '@portal/contract';
import { PencilIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TableHead, type Heading } from '@/components/ui/table';

interface SettingsTableProps {
  settings: Setting[];
  deletingKey: string | null;
  onEdit: (setting: Setting) => void;
  onDelete: (setting: Setting) => void;
}

const cellLabel = 'mb-0.5 block text-xs font-medium uppercase tracking-wide text-slate-500 sm:hidden';

const headings: Heading[] = [
  ['Key', 'w-1/4 px-6 py-3'],
  ['Value', 'px-6 py-3'],
  ['Actions', 'w-44 px-6 py-3 text-right'],
];

/** Key | Value | Actions. Below the sm breakpoint every row stacks into a small card. */
export function SettingsTable({ settings, deletingKey, onEdit, onDelete }: SettingsTableProps) {
  return (
    <Card className="overflow-hidden">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">System settings</caption>
        <TableHead
          className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:table-header-group"
          headings={headings}
        />
        <tbody className="divide-y divide-slate-200">
          {settings.map((setting) => (
            <tr key={setting.key} className="block px-4 py-4 sm:table-row sm:p-0 sm:hover:bg-slate-50/60">
              <td className="block pb-2 align-top font-medium text-slate-900 sm:table-cell sm:px-6 sm:py-4">
                <span className={cellLabel}>Key</span>
                <span className="wrap-anywhere">{setting.key}</span>
              </td>
              <td className="block pb-3 align-top text-slate-700 sm:table-cell sm:px-6 sm:py-4">
                <span className={cellLabel}>Value</span>
                <span className="whitespace-pre-wrap wrap-anywhere">{setting.value}</span>
              </td>
              <td className="block align-top sm:table-cell sm:px-6 sm:py-3">
                <span className="sr-only sm:hidden">Actions</span>
                <div className="flex gap-2 sm:justify-end">
                  <Button variant="secondary" size="sm" aria-label={`Edit ${setting.key}`} onClick={() => onEdit(setting)}>
                    <PencilIcon className="size-4" />
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={`Delete ${setting.key}`}
                    isLoading={deletingKey === setting.key}
                    onClick={() => onDelete(setting)}
                  >
                    {deletingKey !== setting.key && <TrashIcon className="size-4" />}
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
