// Shared by the benches: what each would otherwise write again.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped afterwards. */
export async function withPostgresDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `pp_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
