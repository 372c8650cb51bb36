import {
  lineStatusDescriptions,
  lineStatusLabels,
  payoutMessages,
  statementStatusLabels,
  type LineStatus,
  type StatementStatus,
} from '@portal/contract';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const statementTones: Record<StatementStatus, BadgeTone> = { draft: 'slate', published: 'blue', paid: 'green' };

/**
 * A statement's status, named the same for the partner and the admin (issue 23 §9): Draft,
 * Published, Paid; the mail that announces a statement says "published" too.
 */
export function StatementStatusBadge({ status }: { status: StatementStatus }) {
  return <Badge tone={statementTones[status]}>{statementStatusLabels[status]}</Badge>;
}

const lineTones: Record<LineStatus, BadgeTone> = {
  pending: 'amber',
  approved: 'blue',
  paid: 'green',
  void: 'slate',
  on_hold: 'orange',
};

export function LineStatusBadge({ status }: { status: LineStatus }) {
  return (
    <span title={lineStatusDescriptions[status]}>
      <Badge tone={lineTones[status]}>{lineStatusLabels[status]}</Badge>
    </span>
  );
}

/**
 * Issue 22: a published statement held back from payouts (its partner is not Ready, or a bank change
 * holds one payout), with the reason; both the admin and the partner see it.
 */
export function HeldMarker({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <span className="flex flex-col gap-0.5" data-testid="statement-held">
      <span>
        <Badge tone="orange">{payoutMessages.heldLabel}</Badge>
      </span>
      <span className="text-xs text-slate-600">{reason}</span>
    </span>
  );
}
