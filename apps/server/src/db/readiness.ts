import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { migrationsFolder, type Database } from '.';

export interface DatabaseReadiness {
  isReachable: boolean;
  /** Every migration this build ships has been applied. */
  isMigrated: boolean;
}

let newestMigration: number | undefined;

/** One cheap query: reachable, and the newest migration this build ships is recorded as applied. */
export async function checkDatabaseReadiness(db: Database): Promise<DatabaseReadiness> {
  newestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  try {
    const result = await db.execute<{ applied: string | number | null }>(
      sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
    );
    const applied = Number(result.rows[0]?.applied ?? 0);
    return { isReachable: true, isMigrated: applied >= newestMigration };
  } catch (err) {
    if (isDatabaseUnavailable(err)) return { isReachable: false, isMigrated: false };
    // Reachable, but the migrations table is missing (42P01/3F000): not migrated.
    return { isReachable: true, isMigrated: false };
  }
}
