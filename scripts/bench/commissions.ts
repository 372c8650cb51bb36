// A processor's residual report of 20,000 rows (19,800 known merchants of 200 partners, 200 unknown
// MIDs) through HTTP: the dry run (parse, store the draft, match, compute residuals), its commit (one
// transaction: residual lines, bonus checks, draft statements), and a re-import of the same month
// in one request (replaces the lines). PGlite always; PostgreSQL too when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set. Target: upload + commit under 10 s. Run alone:
// `node --import tsx scripts/bench/commissions.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
// The bench builds the server from its sources, as the tests do.
/* eslint-disable no-restricted-imports */
import { openDatabase, type Database } from '../../apps/server/src/db';
import { merchantAccounts, users } from '../../apps/server/src/db/schema';
import { createSession } from '../../apps/server/src/lib/sessions';
/* eslint-enable no-restricted-imports */
import { buildBenchApp, onEachDatabase, loadAverageLine } from './support';

const ROWS = 20_000;
const UNKNOWN = 200;
const PARTNERS = 200;
export const IMPORT_TARGET_MS = 10_000;

export interface CommissionBenchRow {
  database: string;
  step: string;
  ms: number;
}

const mapping = {
  mid: 'Merchant ID',
  business: 'DBA Name',
  transactions: '# Sales',
  volume: '$ Sales',
  income: '$ Income',
  costs: '$ Expenses',
  net_revenue: 'Net Revenue',
};

function report(): string {
  const lines = ['Merchant ID,DBA Name,Billing Month,# Sales,$ Sales,$ Income,$ Expenses,Net Revenue'];
  for (let i = 0; i < ROWS; i++) {
    const mid = i < ROWS - UNKNOWN ? `BENCH-MID-${String(i).padStart(6, '0')}` : `UNKNOWN-${i}`;
    const volume = ((i * 7919) % 5_000_000) / 100 + 100;
    const income = volume * 0.031;
    const costs = volume * 0.022;
    lines.push(
      `${mid},"Bench Business ${i}, LLC",2026-10,${(i % 900) + 1},"${volume.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}",${income.toFixed(2)},${costs.toFixed(2)},${(income - costs).toFixed(4)}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function seed(db: Database) {
  const [admin] = await db
    .insert(users)
    .values({
      fullName: 'Bench Admin',
      email: `bench-comm-admin-${randomBytes(3).toString('hex')}@bench.example`,
      passwordHash: 'not-a-login',
      role: 'admin',
    })
    .returning({ id: users.id });
  const partners = await db
    .insert(users)
    .values(
      Array.from({ length: PARTNERS }, (_, i) => ({
        fullName: `Bench Partner ${i}`,
        email: `bench-comm-${i}-${randomBytes(3).toString('hex')}@bench.example`,
        passwordHash: 'not-a-login',
      })),
    )
    .returning({ id: users.id });
  const accounts = Array.from({ length: ROWS - UNKNOWN }, (_, i) => ({
    mid: `BENCH-MID-${String(i).padStart(6, '0')}`,
    business: `Bench Business ${i}, LLC`,
    partnerId: partners[i % PARTNERS]!.id,
    approvedOn: '2026-01-15',
  }));
  for (let i = 0; i < accounts.length; i += 2_000) await db.insert(merchantAccounts).values(accounts.slice(i, i + 2_000));
  return admin!;
}

async function benchDatabase(kind: 'pglite' | 'postgres', url?: string): Promise<CommissionBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-comm-'));
  const database = await openDatabase(kind === 'postgres' ? { url: url! } : { memory: true });
  const { app } = await buildBenchApp(database.db, dataDir);
  const rows: CommissionBenchRow[] = [];
  try {
    const admin = await seed(database.db);
    const token = await createSession(database.db, admin.id);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${token}` };
    const csv = report();
    const send = async (dryRun: boolean) => {
      const form = new FormData();
      form.set('month', '2026-10');
      form.set('processor', 'Bench Processing');
      form.set('mapping', JSON.stringify(mapping));
      form.set('dry_run', String(dryRun));
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'residuals-2026-10.csv');
      const res = await fetch(`${base}/api/v1/admin/commissions/imports`, { method: 'POST', headers, body: form });
      const body = (await res.json()) as {
        data: { import_id: string; totals: { matched: number; unmatched: number } };
        message?: string;
      };
      if (res.status >= 300) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body)}`);
      return body.data;
    };
    const time = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await run();
      rows.push({ database: kind, step, ms: Math.round(performance.now() - start) });
      if (process.env.BENCH_VERBOSE) console.log(kind, step, rows.at(-1)!.ms, 'ms');
      return result;
    };
    const dry = await time('dry run (upload, parse, match)', () => send(true));
    if (dry.totals.matched !== ROWS - UNKNOWN || dry.totals.unmatched !== UNKNOWN)
      throw new Error(`unexpected totals ${JSON.stringify(dry.totals)}`);
    await time('commit (one transaction)', async () => {
      const res = await fetch(`${base}/api/v1/admin/commissions/imports/${dry.import_id}/commit`, { method: 'POST', headers });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    });
    rows.push({ database: kind, step: 'dry run + commit', ms: rows.at(-1)!.ms + rows.at(-2)!.ms });
    await time('re-import in one request (replaces the lines)', () => send(false));
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export async function runCommissionBench(): Promise<CommissionBenchRow[]> {
  const rows = await onEachDatabase(benchDatabase);
  console.log(loadAverageLine());
  console.log(
    `${ROWS.toLocaleString('en-US')} rows (${UNKNOWN} unknown MIDs), ${PARTNERS} partners; target: dry run + commit < ${IMPORT_TARGET_MS / 1000} s`,
  );
  const width = Math.max(...rows.map((r) => r.step.length));
  for (const r of rows) console.log(`${r.database.padEnd(8)}  ${r.step.padEnd(width)}  ${String(r.ms).padStart(6)} ms`);
  for (const r of rows.filter((row) => row.step === 'dry run + commit')) {
    console.log(
      `${r.database}: ${(r.ms / 1000).toFixed(1)} s (${r.ms < IMPORT_TARGET_MS ? 'within' : 'OVER'} the ${IMPORT_TARGET_MS / 1000} s target)`,
    );
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runCommissionBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
