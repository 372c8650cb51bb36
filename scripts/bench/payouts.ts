// A payout batch of 10,000 Ready partners (issue 22 §5): building the month's batch over HTTP, then
// its NACHA file (every bank number opened from its sealed form, 94-character records, controls),
// then marking it sent (statements and lines paid, one audit row per payout). PGlite always;
// PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Target: the NACHA file of
// 10,000 partners under 10 s. Run alone: `node --import tsx scripts/bench/payouts.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
/* eslint-disable no-restricted-imports */
import { openDatabase, type Database } from '../../apps/server/src/db';
import { commissionLines, payoutProfiles, settings, statements, users } from '../../apps/server/src/db/schema';
import { createSession } from '../../apps/server/src/lib/sessions';
import type { SecretBox } from '../../apps/server/src/lib/secret-box';
import { bankContext, payoutBox, tinContext } from '../../apps/server/src/modules/payouts/payout-box';
/* eslint-enable no-restricted-imports */
import { buildBenchApp, loadAverageLine, onEachDatabase } from './support';

const PARTNERS = 10_000;
export const NACHA_TARGET_MS = 10_000;
const MONTH = '2026-10';

interface Row {
  database: string;
  step: string;
  ms: number;
}

async function seed(db: Database, box: SecretBox) {
  const [admin] = await db
    .insert(users)
    .values({
      fullName: 'Bench Admin',
      email: `bench-pay-admin-${randomBytes(3).toString('hex')}@bench.example`,
      passwordHash: 'x',
      role: 'admin',
    })
    .returning({ id: users.id });
  for (const [key, value] of Object.entries({
    'payouts.odfi_routing': '011000015',
    'payouts.odfi_name': 'Bench Bank',
    'payouts.company_name': 'Bench Payments',
    'payouts.company_id': '1987654321',
  })) {
    await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
  const now = new Date();
  for (let start = 0; start < PARTNERS; start += 1_000) {
    const partners = await db
      .insert(users)
      .values(
        Array.from({ length: 1_000 }, (_, i) => ({
          fullName: `Bench Payee ${start + i}`,
          email: `bench-pay-${start + i}-${randomBytes(3).toString('hex')}@bench.example`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id, name: users.fullName });
    await db.insert(payoutProfiles).values(
      partners.map((p, i) => ({
        partnerId: p.id,
        taxKind: 'w9' as const,
        taxForm: {
          legal_name: p.name,
          business_name: null,
          entity_type: i % 5 === 0 ? 'c_corp' : 'individual',
          address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
          tin_type: 'ssn' as const,
          signature: p.name,
          signed_at: now.toISOString(),
          form_revision: 'W-9 (Rev. March 2024)',
          expires_on: null,
        },
        tinSealed: box.seal('123456789', tinContext(p.id)),
        tinLast4: '6789',
        taxStatus: 'approved' as const,
        bankMethod: 'ach' as const,
        bankHolder: p.name,
        bankSealed: box.seal(JSON.stringify({ routing: '021000021', account: String(10_000_000 + p.id) }), bankContext(p.id)),
        routingLast4: '0021',
        accountLast4: String(10_000_000 + p.id).slice(-4),
        accountType: 'checking' as const,
        bankStatus: 'approved' as const,
        bankNameMatches: true,
        bankChangedAt: new Date(now.getTime() - 60 * 86_400_000),
      })),
    );
    const made = await db
      .insert(statements)
      .values(
        partners.map((p, i) => ({
          partnerId: p.id,
          month: MONTH,
          status: 'published' as const,
          totalCents: 5_000 + i,
          adjustmentCents: 5_000 + i,
          publishedAt: now,
        })),
      )
      .returning({ id: statements.id, partnerId: statements.partnerId, total: statements.totalCents });
    await db.insert(commissionLines).values(
      made.map((s) => ({
        partnerId: s.partnerId,
        kind: 'adjustment' as const,
        status: 'approved' as const,
        month: MONTH,
        amountCents: s.total,
        description: 'Bench',
        statementId: s.id,
      })),
    );
  }
  return admin!;
}

async function benchDatabase(kind: 'pglite' | 'postgres', url?: string): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-pay-'));
  const database = await openDatabase(kind === 'postgres' ? { url: url! } : { memory: true });
  const { app, config } = await buildBenchApp(database.db, dataDir);
  const rows: Row[] = [];
  try {
    const admin = await seed(database.db, payoutBox(config));
    const token = await createSession(database.db, admin.id);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const time = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await run();
      rows.push({ database: kind, step, ms: Math.round(performance.now() - start) });
      return result;
    };
    const effective = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const batch = await time('build the batch (POST /admin/payouts/batches)', async () => {
      const res = await fetch(`${base}/api/v1/admin/payouts/batches`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ month: MONTH, effective_date: effective }),
      });
      const body = (await res.json()) as { data: { batch: { id: string; payouts: number } } };
      if (res.status !== 200 || body.data.batch.payouts !== PARTNERS)
        throw new Error(`HTTP ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return body.data.batch;
    });
    const file = await time('NACHA file (GET …/nacha)', async () => {
      const res = await fetch(`${base}/api/v1/admin/payouts/batches/${batch.id}/nacha`, { headers });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      return res.text();
    });
    const entries = file.split('\r\n').filter((l) => l.startsWith('6')).length;
    if (entries !== PARTNERS) throw new Error(`NACHA file has ${entries} entries`);
    await time('mark sent (statements and lines paid)', async () => {
      const res = await fetch(`${base}/api/v1/admin/payouts/batches/${batch.id}/sent`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    });
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export async function runPayoutBench(): Promise<Row[]> {
  const rows = await onEachDatabase(benchDatabase);
  console.log(loadAverageLine());
  console.log(
    `${PARTNERS.toLocaleString('en-US')} Ready partners with one published statement each; target: NACHA file < ${NACHA_TARGET_MS / 1000} s`,
  );
  const width = Math.max(...rows.map((r) => r.step.length));
  for (const r of rows) console.log(`${r.database.padEnd(8)}  ${r.step.padEnd(width)}  ${String(r.ms).padStart(6)} ms`);
  for (const r of rows.filter((row) => row.step.startsWith('NACHA'))) {
    console.log(
      `${r.database}: ${(r.ms / 1000).toFixed(1)} s (${r.ms < NACHA_TARGET_MS ? 'within' : 'OVER'} the ${NACHA_TARGET_MS / 1000} s target)`,
    );
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runPayoutBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
