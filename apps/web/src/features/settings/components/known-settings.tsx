import { useId } from 'react';
import toast from 'react-hot-toast';
import { knownSettings, messages, type KnownSetting, type Setting } from '@portal/contract';
import { PencilIcon, PlusIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { getServerMessage } from '@/lib/api/errors';
import { useCreateSetting } from '../api/create-setting';
import { useUpdateSetting } from '../api/update-setting';

const m = messages.settings;

interface KnownSettingsProps {
  settings: Setting[];
  onAdd: (key: string) => void;
  onEdit: (setting: Setting) => void;
}

/**
 * The keys the portal reads (brand, sign-up, emails): what each does and its value. A fixed-choice key
 * is a select or a switch that saves at once and says what the chosen value does (issue 23 §6); any
 * other key has a one-click Add for a missing key or Edit for a set one.
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
          if (known.choices) return <ChoiceSetting key={known.key} known={known} current={current} />;
          return (
            <li key={known.key} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {known.key}
                  {current ? <Badge tone="green">Set</Badge> : <Badge tone="slate">Not set</Badge>}
                </p>
                <p className="mt-1 text-sm text-slate-600">{known.description}</p>
                {current && (
                  <p className="mt-1 text-sm font-medium break-all text-slate-800">{withUnit(current.value, known.unit)}</p>
                )}
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

/** "3.99 %", "$ 99", "7 days": the value as the unit reads. */
function withUnit(value: string, unit: KnownSetting['unit']) {
  if (unit === '$') return `$${value}`;
  if (unit === '%') return `${value} %`;
  if (unit === 'days') return `${value} days`;
  return value;
}

/** A fixed-choice key: an on/off pair is a switch, any other set of values a select; both save on change. */
function ChoiceSetting({ known, current }: { known: KnownSetting; current: Setting | undefined }) {
  const choices = known.choices ?? [];
  const createMutation = useCreateSetting();
  const updateMutation = useUpdateSetting();
  const isSaving = createMutation.isPending || updateMutation.isPending;
  const selectId = useId();
  // An unset (or unrecognised) value behaves as the default, the first choice.
  const value = choices.find((choice) => choice.value === current?.value.trim())?.value ?? choices[0]?.value ?? '';
  const chosen = choices.find((choice) => choice.value === value);
  const isOnOff = choices.length === 2 && choices[0]?.value === 'on' && choices[1]?.value === 'off';

  const save = async (next: string) => {
    if (next === value && current) return;
    try {
      if (current) await updateMutation.mutateAsync({ key: known.key, value: next });
      else await createMutation.mutateAsync({ key: known.key, value: next });
      toast.success(`${known.key}: ${choices.find((choice) => choice.value === next)?.label ?? next}`);
    } catch (error) {
      toast.error(getServerMessage(error) ?? m.updateFailed);
    }
  };

  return (
    <li className="px-5 py-4 sm:px-6">
      {isOnOff ? (
        <Switch
          label={known.key}
          description={
            <>
              {known.description} <span className="text-slate-800">{chosen?.help}</span>
            </>
          }
          checked={value === 'on'}
          disabled={isSaving}
          onChange={(checked) => void save(checked ? 'on' : 'off')}
        />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-900">
              {known.key}
            </label>
            <p id={`${selectId}-help`} className="mt-1 text-sm text-slate-600">
              {known.description} <span className="text-slate-800">{chosen?.help}</span>
            </p>
          </div>
          <Select
            id={selectId}
            className="w-full shrink-0 sm:w-48"
            aria-describedby={`${selectId}-help`}
            options={choices.map(({ value: v, label }) => ({ value: v, label }))}
            value={value}
            disabled={isSaving}
            onChange={(event) => void save(event.target.value)}
          />
        </div>
      )}
    </li>
  );
}
