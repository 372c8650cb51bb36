import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  addMonths,
  maxOverrideLevels,
  monthLabel,
  monthOf,
  splitBases,
  splitBasisLabels,
  splitFundingLabels,
  splitFundings,
  teamMessages,
  type MerchantSplits,
  type SplitBasis,
  type SplitFunding,
} from '@portal/contract';
import { PartnerPicker } from '@/components/partner-picker';
import { PlusIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { searchPartners } from '@/lib/api/search-partners';
import { useSaveMerchantSplits } from '../api/save-merchant-splits';
import { getFieldErrors } from './server-errors';
import {
  draftToRequest,
  emptyLevel,
  splitsToDraft,
  validateSplits,
  type SplitsDraft,
  type SplitsLevelDraft,
} from './splits-fields';

/** The month a new version starts by default: the one after the last imported month, else this month. */
function defaultFromMonth(splits: MerchantSplits): string {
  const now = monthOf(new Date());
  const next = splits.preview ? addMonths(splits.preview.month, 1) : now;
  return next > now ? now : next;
}

/**
 * Edit splits (issue 21): a new version of a merchant's chain (the partner's own share and each
 * upline's partner, rate and basis) in force from a month on. Months before it keep the chain they
 * had; a month already on a published statement is refused by the server on the month field.
 */
export function EditSplitsDialog({
  splits,
  partnerId,
  onClose,
  onSaved,
}: {
  splits: MerchantSplits;
  /** The merchant's own partner (level 0): never an upline of their own merchant. */
  partnerId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveMerchantSplits(splits.merchant_account_id);
  const [draft, setDraft] = useState<SplitsDraft>(() => splitsToDraft(splits, defaultFromMonth(splits)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusError, setFocusError] = useState(0);
  const ownName = splits.versions[0]?.levels.find((level) => level.level === 0)?.partner_name;

  // After a refused submit, the first field with a message gets the focus.
  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  const setLevel = (index: number, change: Partial<SplitsLevelDraft>) =>
    setDraft((current) => ({
      ...current,
      levels: current.levels.map((level, i) => (i === index ? { ...level, ...change } : level)),
    }));

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    setFocusError((n) => n + 1);
  };

  const submit = async () => {
    setFormError(null);
    const invalid = validateSplits(draft, partnerId);
    if (Object.keys(invalid).length) return showErrors(invalid);
    try {
      await save.mutateAsync(draftToRequest(draft));
      toast.success(teamMessages.splitsSaved(draft.from_month.trim()));
      onSaved();
    } catch (error) {
      const fields = getFieldErrors(error);
      const message = getServerMessage(error) ?? 'Failed to save the splits';
      showErrors(fields);
      // A message on no field of this form shows above it.
      const shown = Object.keys(fields).some(
        (key) => key === 'from_month' || key === 'residual_share_bps' || key.startsWith('levels.'),
      );
      if (!shown || fields.levels) setFormError(fields.levels ?? message);
      toast.error(message);
    }
  };

  const error = (key: string) => errors[key];
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Edit splits · ${splits.business}`}
      description={`MID ending ${splits.mid_last4}. A new version from the month you choose; earlier months and published statements stay as they are.`}
      footer={<DialogActions submitLabel="Save splits" onCancel={onClose} form={formId} isPending={save.isPending} />}
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="From month"
            type="month"
            placeholder="YYYY-MM"
            value={draft.from_month}
            onChange={(event) => setDraft({ ...draft, from_month: event.target.value })}
            hint={
              /^\d{4}-\d{2}$/.test(draft.from_month)
                ? `In force from ${monthLabel(draft.from_month)}; imported months from then on are split again`
                : 'The first month the new splits apply'
            }
            error={error('from_month')}
          />
          <TextField
            label="Partner's own share (%)"
            inputMode="decimal"
            value={draft.share}
            onChange={(event) => setDraft({ ...draft, share: event.target.value })}
            hint={ownName ? `What ${ownName} earns of the net (level 0)` : 'Of the net (level 0)'}
            error={error('residual_share_bps')}
          />
        </div>
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Upline levels</h3>
            <p className="mt-0.5 text-xs text-slate-500">
              Level 1 earns an override on this merchant above its partner, level 2 above level 1, up to {maxOverrideLevels}.
            </p>
          </div>
          {draft.levels.length === 0 && (
            <p className="text-sm text-slate-600">No upline: the partner&rsquo;s share and the house&rsquo;s.</p>
          )}
          <ol className="space-y-4">
            {draft.levels.map((level, index) => (
              <LevelFields
                key={level.key}
                index={index}
                level={level}
                error={(field) => error(`levels.${index}.${field}`)}
                onChange={(change) => setLevel(index, change)}
                onRemove={() => {
                  setDraft({ ...draft, levels: draft.levels.filter((_, i) => i !== index) });
                  setErrors({});
                }}
              />
            ))}
          </ol>
          {draft.levels.length < maxOverrideLevels && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setDraft({ ...draft, levels: [...draft.levels, emptyLevel()] })}
            >
              <PlusIcon className="size-4" />
              Add level
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

function LevelFields({
  index,
  level,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  level: SplitsLevelDraft;
  error: (field: string) => string | undefined;
  onChange: (change: Partial<SplitsLevelDraft>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-medium text-slate-900">Level {n}</h4>
        <Button type="button" variant="ghost" size="sm" aria-label={`Remove level ${n}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
      <div>
        <PartnerPicker
          label={`Level ${n} partner`}
          value={level.partner}
          onChange={(partner) => onChange({ partner })}
          search={searchPartners}
          emptyLabel="No partner chosen"
        />
        {error('partner_id') && (
          <p role="alert" className="mt-1.5 text-sm text-red-600">
            {error('partner_id')}
          </p>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={`Level ${n} rate (%)`}
          inputMode="decimal"
          value={level.rate}
          onChange={(event) => onChange({ rate: event.target.value })}
          error={error('rate_bps')}
        />
        <SelectField
          label={`Level ${n} basis`}
          options={splitBases.map((basis) => ({ value: basis, label: splitBasisLabels[basis] }))}
          value={level.basis}
          onChange={(event) => onChange({ basis: event.target.value as SplitBasis })}
          error={error('basis')}
        />
        {level.basis === 'downline_share' && (
          <SelectField
            label={`Level ${n} paid by`}
            options={splitFundings.map((funding) => ({ value: funding, label: splitFundingLabels[funding] }))}
            value={level.funding}
            onChange={(event) => onChange({ funding: event.target.value as SplitFunding })}
            error={error('funding')}
          />
        )}
        <TextField
          label={`Level ${n} ends after`}
          type="month"
          placeholder="YYYY-MM"
          hint="Optional: the last month at this rate"
          value={level.end_month}
          onChange={(event) => onChange({ end_month: event.target.value })}
          error={error('end_month')}
        />
        <TextField
          label={`Level ${n} rate after (%)`}
          inputMode="decimal"
          hint="From the month after"
          value={level.rate_after}
          onChange={(event) => onChange({ rate_after: event.target.value })}
          error={error('rate_after_bps')}
        />
      </div>
    </li>
  );
}
