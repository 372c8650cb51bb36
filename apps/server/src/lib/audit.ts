import type { AuditAction, AuditEntry } from '@portal/contract';
import type { DbExecutor } from '../db';
import { auditLog } from '../db/schema';

export interface AuditRecord {
  /** The admin who acted; null for the system. */
  actorId: number | null;
  /** `<target>.<verb>`, e.g. `setting.update`, `lead.status`: one of the contract's auditActions, each said in words. */
  action: AuditAction;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records an admin write (or several, in one insert). Call it with the transaction that makes the
 * write, so both commit or neither.
 */
export async function recordAudit(tx: DbExecutor, record: AuditRecord | AuditRecord[]): Promise<void> {
  const records = Array.isArray(record) ? record : [record];
  if (!records.length) return;
  await tx.insert(auditLog).values(
    records.map((r) => ({
      actorId: r.actorId,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId == null ? null : String(r.targetId),
      before: r.before ?? null,
      after: r.after ?? null,
    })),
  );
}

/** An audit row read with its actor's name and email (a left join: the system, or a deleted user, has none). */
interface AuditRow {
  entry: typeof auditLog.$inferSelect;
  actorName: string | null;
  actorEmail: string | null;
}

/** An audit entry as every API answers it (the audit log, a user's page, the admin home). */
export const toAuditEntry = ({ entry, actorName, actorEmail }: AuditRow): AuditEntry => ({
  id: entry.id,
  at: entry.at.toISOString(),
  actor: entry.actorId != null && actorName != null ? { id: entry.actorId, name: actorName, email: actorEmail ?? '' } : null,
  action: entry.action,
  target_type: entry.targetType,
  target_id: entry.targetId,
  before: entry.before ?? null,
  after: entry.after ?? null,
});
