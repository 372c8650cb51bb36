import type { Database, DbExecutor } from '../db';
import { afterCommit } from '../db/after-commit';

/** The part of the session cache (session-cache.ts) that hears about changes. */
interface EvictsUsers {
  evictUser(userId: number): Promise<void>;
}

const cachesByDatabase = new WeakMap<object, Set<EvictsUsers>>();

/** Lets a session cache hear every change committed to this database (buildApp, one per app); returns the undo. */
export function attachSessionCache(db: Database, cache: EvictsUsers): () => void {
  let caches = cachesByDatabase.get(db);
  if (!caches) cachesByDatabase.set(db, (caches = new Set()));
  caches.add(cache);
  return () => void caches.delete(cache);
}

/**
 * Called by every function that ends or alters a user's sessions, or changes the user row a
 * session carries (role, status, password, preferences), with the executor it wrote with: once
 * that change is committed, the session caches of this database forget the user, here and, through
 * Redis, on every instance. Routes never call this themselves.
 */
export function evictSessionsOnCommit(executor: DbExecutor, userId: number): Promise<void> {
  return afterCommit<Database>(executor, async (db) => {
    for (const cache of cachesByDatabase.get(db) ?? []) await cache.evictUser(userId);
  });
}
