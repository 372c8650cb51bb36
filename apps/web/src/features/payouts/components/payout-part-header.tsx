import { useState, type ReactNode } from 'react';
import type { ReviewStatus } from '@portal/contract';
import { payoutMessages as m } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { reviewLabels, reviewTones } from './review-status';

/**
 * A payout part's editing: its form is open from the start while nothing is on file, and "saved"
 * shows once a form went through. `header` is what PayoutPartHeader needs of it.
 */
export function usePartEditing(isEmpty: boolean) {
  const [editing, setEditing] = useState(isEmpty);
  const [saved, setSaved] = useState(false);
  return {
    editing,
    stopEditing: () => setEditing(false),
    done: () => {
      setEditing(false);
      setSaved(true);
    },
    header: { editing, saved, onEdit: () => setEditing(true) },
  };
}

/** One figure of what is on file (a masked number, a name), in a part's summary list. */
export function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The buttons under a part's form: Cancel while something is on file to go back to, and submit. */
export function PartFormActions({
  isSubmitting,
  onCancel,
  label,
  pendingLabel,
}: {
  isSubmitting: boolean;
  onCancel?: () => void;
  label: string;
  pendingLabel: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4">
      {onCancel && (
        <Button variant="secondary" type="button" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" isLoading={isSubmitting}>
        {isSubmitting ? pendingLabel : label}
      </Button>
    </div>
  );
}

interface PayoutPartHeaderProps {
  titleId: string;
  title: string;
  /** The part's review status, once submitted. */
  status?: ReviewStatus;
  /** The button that reopens a submitted part ("Replace tax form"), shown while not editing. */
  editLabel: string;
  editing: boolean;
  saved: boolean;
  onEdit: () => void;
}

/** The heading of a payout-details card (tax form, bank account): title, review badge, edit button, saved notice. */
export function PayoutPartHeader({ titleId, title, status, editLabel, editing, saved, onEdit }: PayoutPartHeaderProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {status && <Badge tone={reviewTones[status]}>{reviewLabels[status]}</Badge>}
        </div>
        {status && !editing && (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {editLabel}
          </Button>
        )}
      </div>
      {saved && !editing && (
        <Alert tone="success" className="mt-4">
          {m.saved}
        </Alert>
      )}
    </>
  );
}
