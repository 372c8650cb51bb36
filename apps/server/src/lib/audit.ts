import type { DbExecutor } from '../db';
import { auditLog } from '../db/schema';

export interface AuditRecord {
  /** The admin who acted; null for the system. */
  actorId: number | null;
  /** `<target>.<verb>`, e.g. `setting.update`, `lead.status`. */
  action: string;
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
