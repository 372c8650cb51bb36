import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';

/**
 * The checkboxes of one array field (a key's permissions, an endpoint's events): each shows its code
 * as the API spells it and what it means. With `errorId`, the error also describes the group.
 */
export function CodeCheckboxes<T extends string>({
  legend,
  codes,
  labels,
  registration,
  error,
  errorId,
}: {
  legend: string;
  codes: readonly T[];
  labels: Record<T, string>;
  registration: UseFormRegisterReturn;
  error?: string;
  errorId?: string;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {codes.map((code) => (
          <label key={code} className="flex items-start gap-2 text-sm">
            <input type="checkbox" value={code} className="mt-0.5 size-4 rounded border-slate-300" {...registration} />
            <span>
              <span className="font-mono text-xs text-slate-900">{code}</span>
              <span className="block text-slate-600">{labels[code]}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The submit and Cancel buttons under an inline add form of this page. */
export function InlineFormButtons({
  submitLabel,
  isSubmitting,
  onCancel,
}: {
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" isLoading={isSubmitting}>
        {submitLabel}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
