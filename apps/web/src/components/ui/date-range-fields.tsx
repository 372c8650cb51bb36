import { Fragment } from 'react';
import { inputClasses } from './field';

interface DateRangeFieldsProps {
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
  /** Visible labels over the fields; without them the fields are named "From" and "To" for screen readers only. */
  labels?: { from: string; to: string };
}

/** Two date fields for a list's period filter; with labels, each one bounds the other. */
export function DateRangeFields({ from, to, onChange, labels }: DateRangeFieldsProps) {
  const fields = [
    { key: 'from' as const, label: labels?.from ?? 'From', value: from, min: undefined, max: to || undefined },
    { key: 'to' as const, label: labels?.to ?? 'To', value: to, min: from || undefined, max: undefined },
  ];
  return fields.map((field) => {
    const input = (
      <input
        type="date"
        aria-label={labels ? undefined : field.label}
        className={inputClasses(false)}
        value={field.value}
        min={labels ? field.min : undefined}
        max={labels ? field.max : undefined}
        onChange={(event) => onChange({ [field.key]: event.target.value })}
      />
    );
    return labels ? (
      <label key={field.key} className="block space-y-1.5">
        <span className="block text-sm font-medium text-slate-700">{field.label}</span>
        {input}
      </label>
    ) : (
      <Fragment key={field.key}>{input}</Fragment>
    );
  });
}
