import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { apiKeyMessages as m, apiKeyPrefix, maxApiKeysPerUser, type ApiKey, type CreateApiKeyRequest } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { apiKeys } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';

type KeyRow = typeof apiKeys.$inferSelect;
export interface KeyOwner {
  userId: number;
  kind: 'admin' | 'partner';
}

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    allowed_ips: row.allowedIps ?? [],
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const ownedBy = (owner: KeyOwner) => and(eq(apiKeys.userId, owner.userId), eq(apiKeys.kind, owner.kind));

/** The owner's keys, newest first, revoked ones included (with when). */
export async function listApiKeys(db: DbExecutor, owner: KeyOwner): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(ownedBy(owner)).orderBy(desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** A new key: 256 random bits after `ppk_`; only its SHA-256 is stored, the key is in this answer only. */
export async function createApiKey(
  db: Database,
  owner: KeyOwner,
  input: Required<Pick<CreateApiKeyRequest, 'name' | 'scopes'>> & { allowed_ips?: string[] },
): Promise<ApiKey & { key: string }> {
  const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(ownedBy(owner), isNull(apiKeys.revokedAt)));
    if (n >= maxApiKeysPerUser) throw conflict(m.tooManyKeys);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId: owner.userId,
        kind: owner.kind,
        name: input.name,
        prefix: key.slice(0, apiKeyPrefix.length + 8),
        keyHash: hashToken(key),
        scopes: input.scopes as string[],
        allowedIps: input.allowed_ips?.length ? input.allowed_ips : null,
      })
      .returning();
    if (owner.kind === 'admin') {
      await recordAudit(tx, {
        actorId: owner.userId,
        action: 'api_key.create',
        targetType: 'api_key',
        targetId: row!.id,
        after: { name: row!.name, prefix: row!.prefix, scopes: row!.scopes, allowed_ips: row!.allowedIps },
      });
    }
    return { ...toApiKey(row!), key };
  });
}

/** Revokes a key at once: every instance reads keys from the database on each request. */
export async function revokeApiKey(db: Database, owner: KeyOwner, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), ownedBy(owner)));
    if (!row) throw notFound(m.notFound);
    if (row.revokedAt) throw conflict(m.alreadyRevoked);
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
    if (owner.kind === 'admin') {
      await recordAudit(tx, {
        actorId: owner.userId,
        action: 'api_key.revoke',
        targetType: 'api_key',
        targetId: id,
        before: { name: row.name, prefix: row.prefix },
      });
    }
  });
}
