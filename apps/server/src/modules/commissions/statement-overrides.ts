import { inArray } from 'drizzle-orm';
import { midLast4, teamMessages, teamNamesVisibleSettingKey, type StatementOverride } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { commissionLines, users } from '../../db/schema';
import { getSettingValue } from '../settings';

// Statements (issue 21): override lines name the team member whose merchant it is, unless the
// program hides names ("Team member" then), with the MID's last four, basis and rate.

type LineRow = typeof commissionLines.$inferSelect;

/** The names of the team members behind these override lines; empty when the program hides them. */
export async function overrideMembers(db: DbExecutor, lines: readonly LineRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(lines.filter((l) => l.kind === 'override' && l.downlinePartnerId).map((l) => l.downlinePartnerId!))];
  if (!ids.length) return new Map();
  if ((await getSettingValue(db, teamNamesVisibleSettingKey))?.trim().toLowerCase() === 'false') return new Map();
  const rows = await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function toStatementOverride(line: LineRow, mid: string | null, members: Map<number, string>): StatementOverride {
  return {
    line_id: line.id,
    month: line.month,
    member: (line.downlinePartnerId && members.get(line.downlinePartnerId)) || teamMessages.teamMember,
    mid_last4: mid ? midLast4(mid) : '',
    level: line.level ?? 1,
    basis: line.basis ?? 'share_of_net',
    rate_bps: line.shareBps ?? 0,
    net_revenue_cents: line.netRevenueCents ?? 0,
    amount_cents: line.amountCents,
    status: line.status,
  };
}
