import { and, eq, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@portal/contract';
import { toAuditEntry } from '../../lib/audit';
import type { DbExecutor } from '../../db';
import { auditLog, users } from '../../db/schema';
import { afterCursor, dayRange, keysetTimestamp, newestFirst, pageOf } from '../../lib/cursor';

export interface AuditFilters {
  action?: string;
  target_type?: string;
  actor_id?: number;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
}

/** The audit log, newest first, by keyset on (at desc, id desc). */
export async function listAudit(db: DbExecutor, f: AuditFilters): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
  const conditions: (SQL | undefined)[] = [
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.target_type ? eq(auditLog.targetType, f.target_type) : undefined,
    f.actor_id ? eq(auditLog.actorId, f.actor_id) : undefined,
    ...dayRange(auditLog.at, f.from, f.to),
    afterCursor(auditLog.at, auditLog.id, f.cursor),
  ];
  const rows = await db
    .select({
      entry: auditLog,
      id: auditLog.id,
      cursorAt: keysetTimestamp(auditLog.at),
      actorName: users.fullName,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(...newestFirst(auditLog.at, auditLog.id))
    .limit(f.limit + 1);
  const page = pageOf(rows, f.limit);
  return {
    items: page.rows.map(toAuditEntry),
    next_cursor: page.nextCursor,
  };
}
