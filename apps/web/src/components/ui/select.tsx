import type { ComponentProps } from 'react';
import { ChevronDownIcon } from '../icons';
import { cn } from './cn';
import { FieldShell, inputClasses, useControlProps, type FieldProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  options: readonly SelectOption[];
  /** A first option with an empty value ("All", "Choose…"). */
  placeholder?: string;
  hasError?: boolean;
}

/** A native select in the field style: keyboard and screen readers work as everywhere else. */
export function Select({ options, placeholder, hasError = false, className, ...rest }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(inputClasses(hasError), 'appearance-none pr-9')} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
    </div>
  );
}

/** A labelled Select with its error message, like TextField. */
export function SelectField({ label, error, hint, id, ...rest }: SelectProps & FieldProps) {
  const control = useControlProps(id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <Select {...control} hasError={Boolean(error)} {...rest} />
    </FieldShell>
  );
}
