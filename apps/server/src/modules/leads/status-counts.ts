import { sql } from 'drizzle-orm';
import { leadStatuses, type LeadStatus } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leadDailyCounts } from '../../db/schema';

/**
 * Leads per status over the whole table, from lead_daily_counts (a few thousand rows, whatever the
 * volume; kept by the outbox worker, so a change shows once the worker has run: about a second).
 * For counts under a filter (partner, source, dates, search), count the filtered leads instead:
 * the indexes keep those cheap.
 */
export async function countAllLeadsByStatus(db: DbExecutor): Promise<Record<LeadStatus, number>> {
  const rows = await db
    .select({ status: leadDailyCounts.status, count: sql<number>`sum(${leadDailyCounts.count})::int` })
    .from(leadDailyCounts)
    .groupBy(leadDailyCounts.status);
  const counts = Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
