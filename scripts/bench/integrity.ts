// Referral integrity at volume (issue 25 §4): what matching a new referral against 1,000,000 open
// claims and 100,000 merchants costs, on PostgreSQL. The lead's own write does none of it (the
// matching runs in the worker, from the `lead.created` fan-out), so the figure is the worker's time
// per new lead: onLeadCreated (claim, match by phone, email, domain and close name, decide, the
// fraud signals) in a transaction rolled back after each run. Its own database
// (`pp_bench_integrity`, seeded in SQL when missing and kept for the next run).
// Run alone: `node --import tsx scripts/bench/integrity.ts` (BENCH_ITERATIONS, default 200).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
// The bench builds the server from its sources, as the tests do; the apps themselves never import each other.
/* eslint-disable no-restricted-imports */
import { openDatabase, type Database } from '../../apps/server/src/db';
import { leads, normalizedName } from '../../apps/server/src/db/schema';
import { onLeadCreated } from '../../apps/server/src/modules/integrity/claims';
/* eslint-enable no-restricted-imports */
import { loadAverageLine } from './support';

const DATABASE = process.env.BENCH_INTEGRITY_DATABASE ?? 'pp_bench_integrity';
const LEADS = 1_000_000;
const MERCHANTS = 100_000;
const PARTNERS = 10_000;
const TARGET_MS = 20;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))]!;

async function seed(db: Database, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  await db.execute(sql`insert into users (full_name, email, password_hash, role)
    select 'Partner ' || i, 'partner' || i || '@bench.example', 'x', 'user' from generate_series(1, ${PARTNERS}) i`);
  log('partners');
  // Names from a small vocabulary plus a number: realistic trigram overlap between businesses.
  await db.execute(sql`insert into leads (referral_uuid, partner_id, first_name, last_name, email, company, business_type,
      country_code, phone_digits, title, notes, description, sms_consent, marketing_consent, consent_text_version, ip_hash, source, status, created_at, updated_at)
    select gen_random_uuid()::text, 1 + (i % ${PARTNERS}), 'Maria', 'Lopez', 'owner' || i || '@biz' || i || '.example',
      (array['Joe''s','Blue','Corner','Golden','Harbor','Lantern','Copper','Maple','Sunrise','Urban'])[1 + i % 10] || ' ' ||
      (array['Pizza','Cafe','Books','Tackle','Noodles','Bakery','Salon','Garage','Market','Florist'])[1 + (i / 10) % 10] || ' ' || i,
      'Retail', '+1', lpad((2000000000 + i)::text, 10, '0'), '+1' || (2000000000 + i), '', '', true, true, 'v1', '', 'landing_page',
      case when i <= ${MERCHANTS} then 'approved' else 'new' end, now() - (i % 80) * interval '1 day', now()
    from generate_series(1, ${LEADS}) i`);
  log('leads');
  await db.execute(sql`insert into referral_claims (lead_id, partner_id, phone_key, email_key, domain_key, name_key, country_code, state, submitted_at, window_ends_at)
    select id, partner_id, country_code || phone_digits, lower(email), split_part(lower(email), '@', 2), ${normalizedName(sql`company`)},
      country_code, 'active', created_at, created_at + interval '90 days' from leads`);
  log('claims');
  await db.execute(sql`insert into merchant_accounts (mid, business, partner_id, lead_id, approved_on)
    select 'MID' || id, company, partner_id, id, current_date from leads where status = 'approved'`);
  log('merchants');
  await db.execute(sql`analyze`);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function database(adminUrl: string): Promise<{ db: Database; close: () => Promise<void> }> {
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${DATABASE}"`);
  await admin.end();
  const handle = await openDatabase({ url: url.toString() });
  const [{ n }] = (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from referral_claims`)).rows as [
    { n: number },
  ];
  if (Number(n) < LEADS) {
    console.log(`seeding ${DATABASE} (1,000,000 leads and claims, 100,000 merchants; a few minutes, once)…`);
    await seed(handle.db, (line) => console.log(`  ${line}`));
  }
  return { db: handle.db, close: () => handle.close() };
}

class Rollback extends Error {}

/** One new referral's fan-out, timed alone: the lead is inserted first (not timed), everything is rolled back. */
async function runOnce(db: Database, n: number, kind: 'new' | 'conflict' | 'customer'): Promise<number> {
  let ms = 0;
  // A conflict reuses the phone of an open claim; an existing customer that of a merchant.
  const i =
    kind === 'new'
      ? 5_000_000 + n
      : kind === 'conflict'
        ? MERCHANTS + 1 + ((n * 7919) % (LEADS - MERCHANTS))
        : 1 + ((n * 7919) % MERCHANTS);
  await db
    .transaction(async (tx) => {
      const [lead] = await tx
        .insert(leads)
        .values({
          referralUuid: 'bench',
          partnerId: 1 + ((i + 1) % PARTNERS),
          firstName: 'Bench',
          email: `bench${n}-${Date.now()}@bench${n}.example`,
          company: kind === 'new' ? `Fresh Venture ${n}` : `Renamed Shop ${n}`,
          businessType: 'Retail',
          countryCode: '+1',
          phoneDigits: String(2_000_000_000 + i),
          title: '',
          notes: '',
          description: '',
          smsConsent: false,
          marketingConsent: false,
          consentTextVersion: 'v1',
          ipHash: 'bench',
          source: 'landing_page',
        })
        .returning();
      const start = performance.now();
      await onLeadCreated(tx, null, { lead: lead!, event: { leadPublicId: lead!.publicId } as never });
      ms = performance.now() - start;
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return ms;
}

export async function runIntegrityBench(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL: this bench runs on PostgreSQL)');
    return;
  }
  const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
  const { db, close } = await database(adminUrl);
  try {
    const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from merchant_accounts`)).rows as [
      { n: number },
    ];
    console.log(`claims ≥ ${LEADS.toLocaleString('en-US')}, merchants ${Number(n).toLocaleString('en-US')}`);
    for (const kind of ['new', 'conflict', 'customer'] as const) {
      for (let w = 0; w < 10; w++) await runOnce(db, 100_000 + w, kind); // warm-up
      const samples: number[] = [];
      for (let k = 0; k < iterations; k++) samples.push(await runOnce(db, k, kind));
      const sorted = samples.sort((a, b) => a - b);
      const p95 = percentile(sorted, 0.95);
      console.log(
        `${kind.padEnd(9)} p50 ${percentile(sorted, 0.5).toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  (target < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'MISSED'})`,
      );
    }
    console.log(loadAverageLine());
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runIntegrityBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
