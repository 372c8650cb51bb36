import type { Database } from '../../db';

const listeners = new WeakMap<Database, Set<() => void>>();

/** Wakes this process's outbox worker at once (other instances find the entry on their next poll). */
export function notifyOutbox(db: Database): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

export function onOutboxChange(db: Database, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
