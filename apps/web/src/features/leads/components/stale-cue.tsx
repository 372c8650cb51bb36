import { staleDays, type AdminLeadSummary } from '@portal/contract';
import { ClockIcon } from '@/components/icons';

/** "No update for 9 days" on an open referral left alone longer than the `Stale Lead Days` setting. */
export function StaleCue({ lead, afterDays }: { lead: AdminLeadSummary; afterDays: number | undefined }) {
  const days = afterDays === undefined ? null : staleDays(lead, afterDays);
  if (days === null) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-amber-800" data-testid="stale-cue">
      <ClockIcon className="size-3.5" aria-hidden />
      No update for {days} days
    </span>
  );
}
