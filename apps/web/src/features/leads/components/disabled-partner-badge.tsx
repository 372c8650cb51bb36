import type { AdminLeadSummary } from '@portal/contract';
import { Badge } from '@/components/ui/badge';

/**
 * The flag of a lead that came through the link of a partner who was disabled at the time: it was
 * stored unattributed, and an admin decides who gets the credit.
 */
export function DisabledPartnerBadge({
  partner,
  className,
}: {
  partner: NonNullable<AdminLeadSummary['disabled_partner']>;
  className?: string;
}) {
  return (
    <Badge tone="amber" className={className}>
      <span title={`Came through the link of ${partner.name} (${partner.email}), disabled at the time`}>
        Disabled partner’s link
      </span>
    </Badge>
  );
}
