import { lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db';
import { idempotencyKeys } from '../db/schema';

/** How long an `Idempotency-Key` answers its first answer again (POST /partner/referrals). */
export const idempotencyKeyTtl = sql`interval '24 hours'`;
const ttlMs = 24 * 3_600_000;

/**
 * Deletes the keys older than 24 hours: a claim only replaces its own expired key, so keys used
 * once would otherwise stay for ever. Run by the hourly sweep (modules/integrity/lapse.ts);
 * answers how many went.
 */
export async function sweepIdempotencyKeys(db: DbExecutor, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - ttlMs)))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}
