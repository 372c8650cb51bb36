import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export const inputClasses = (hasError: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
    'focus:outline-none focus:ring-2 focus:ring-offset-0',
    'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
    hasError
      ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-brand-600 focus:ring-brand-100',
  );

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A field's label, its control (children), and under it the hint or else the error. */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The control's id (the caller's, else a new one) and the aria attributes that tie it to the hint or the error. */
export function useControlProps(id: string | undefined, error?: string, hint?: ReactNode) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return {
    id: fieldId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
  };
}

/** What a labelled field adds to its control: the label, an error message, a hint under it. */
export interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input; pass `{...register('name')}` straight through. */
export function TextField({ label, error, hint, id, className, ...input }: ComponentProps<'input'> & FieldProps) {
  const control = useControlProps(id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <input {...control} className={cn(inputClasses(Boolean(error)), className)} {...input} />
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, id, className, ...textarea }: ComponentProps<'textarea'> & FieldProps) {
  const control = useControlProps(id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <textarea {...control} className={cn(inputClasses(Boolean(error)), 'min-h-20 resize-y', className)} {...textarea} />
    </FieldShell>
  );
}
