import type { ReviewStatus } from '@portal/contract';
import { payoutMessages as m } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { reviewLabels, reviewTones } from './review-status';

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
