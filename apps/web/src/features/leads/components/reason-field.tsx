import type { ComponentProps } from 'react';
import { SelectField } from '@/components/ui/select';

/** The reason a status move needs (a lost or a declined referral), from the move's own list. */
export function ReasonField({
  reasons,
  ...field
}: { reasons: Record<string, string> } & Omit<ComponentProps<typeof SelectField>, 'label' | 'options'>) {
  return (
    <SelectField
      label="Reason"
      placeholder="Choose a reason…"
      options={Object.entries(reasons).map(([value, label]) => ({ value, label }))}
      {...field}
    />
  );
}
