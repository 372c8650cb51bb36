import { sql } from 'drizzle-orm';
import type { DbExecutor } from './index';

/**
 * Runs `run` (a statement or a few) with the planner's nested loops off, then restores the setting;
 * for statements over rows the same transaction just wrote in bulk, which the planner's statistics
 * do not know yet (it estimates one row and probes an index per row where a hash join takes
 * milliseconds). SET LOCAL scope: if a statement fails, the transaction's rollback restores it.
 */
export async function withoutNestedLoops<T>(tx: DbExecutor, run: () => Promise<T>): Promise<T> {
  const { rows } = await tx.execute<{ value: string }>(sql`select current_setting('enable_nestloop') as value`);
  await tx.execute(sql`select set_config('enable_nestloop', 'off', true)`);
  const result = await run();
  await tx.execute(sql`select set_config('enable_nestloop', ${rows[0]?.value ?? 'on'}, true)`);
  return result;
}
