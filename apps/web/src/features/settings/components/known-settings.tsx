import { knownSettings, type Setting } from '@portal/contract';
import { PencilIcon, PlusIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

interface KnownSettingsProps {
  settings: Setting[];
  onAdd: (key: string) => void;
  onEdit: (setting: Setting) => void;
}

/**
 * The keys the portal reads (brand, sign-up, emails): what each does, its value or "Not set", and a
 * one-click Add for a missing key or Edit for a set one.
 */
export function KnownSettings({ settings, onAdd, onEdit }: KnownSettingsProps) {
  return (
    <Card className="mb-6 overflow-hidden">
      <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
        <h2 className="text-base font-semibold text-slate-900">Portal settings</h2>
        <p className="mt-1 text-sm text-slate-600">
          Keys the portal knows. Each value is checked when saved; unset keys fall back to neutral text.
        </p>
      </div>
      <ul className="divide-y divide-slate-200">
        {knownSettings.map((known) => {
          const current = settings.find((s) => s.key === known.key);
          return (
            <li key={known.key} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {known.key}
                  {current ? <Badge tone="green">Set</Badge> : <Badge tone="slate">Not set</Badge>}
                </p>
                <p className="mt-1 text-sm text-slate-600">{known.description}</p>
                {current && <p className="mt-1 text-sm font-medium break-all text-slate-800">{current.value}</p>}
              </div>
              <div className="shrink-0">
                {current ? (
                  <Button variant="secondary" size="sm" aria-label={`Change ${known.key}`} onClick={() => onEdit(current)}>
                    <PencilIcon className="size-4" />
                    Change
                  </Button>
                ) : (
                  <Button variant="secondary" size="sm" aria-label={`Add ${known.key}`} onClick={() => onAdd(known.key)}>
                    <PlusIcon className="size-4" />
                    Add
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
