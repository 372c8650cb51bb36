import { sql } from 'drizzle-orm';
import { leadStatuses, type LeadStatus } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leadStatusCounts } from '../../db/schema';

/**
 * Leads per status over the whole table, from the counters the leads trigger keeps (a few rows,
 * whatever the volume). For counts under a filter (partner, source, dates, search), count the
 * filtered leads instead: the indexes keep those cheap.
 */
export async function countAllLeadsByStatus(db: DbExecutor): Promise<Record<LeadStatus, number>> {
  const rows = await db
    .select({ status: leadStatusCounts.status, count: sql<number>`sum(${leadStatusCounts.count})::int` })
    .from(leadStatusCounts)
    .groupBy(leadStatusCounts.status);
  const counts = Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
