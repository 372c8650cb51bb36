import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@portal/contract';
import { toAuditEntry } from '../../lib/audit';
import type { DbExecutor } from '../../db';
import { auditLog, leads, users } from '../../db/schema';
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
    items: await withTargetNames(db, page.rows.map(toAuditEntry)),
    next_cursor: page.nextCursor,
  };
}

/**
 * Names the referrals and users the entries are about (issue 23 §9: the log reads "… changed the
 * status of Joe's Pizza", not a uuid), in one query per kind for the page.
 */
async function withTargetNames(db: DbExecutor, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const idsOf = (type: string) => [
    ...new Set(entries.filter((e) => e.target_type === type && e.target_id).map((e) => e.target_id!)),
  ];
  const leadIds = idsOf('lead').filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const userIds = idsOf('user')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  const [leadRows, userRows] = await Promise.all([
    leadIds.length
      ? db.select({ id: leads.publicId, name: leads.company }).from(leads).where(inArray(leads.publicId, leadIds))
      : [],
    userIds.length ? db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  const names = new Map<string, string>([
    ...leadRows.map((r) => [`lead:${r.id}`, r.name] as const),
    ...userRows.map((r) => [`user:${r.id}`, r.name] as const),
  ]);
  return entries.map((e) => ({ ...e, target_name: names.get(`${e.target_type}:${e.target_id}`) ?? null }));
}
