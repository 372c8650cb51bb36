/**
 * `npm run seed:volume`: fills the PostgreSQL database of DATABASE_URL with a program at volume —
 * 10,000 partners and 1,000,000 leads over about two years, each with its 'created' event and, once
 * it has moved, its status event — for `npm run bench` and for trying the screens at scale.
 * Everything is generated inside PostgreSQL (INSERT … SELECT over generate_series), in chunks, so
 * Node never holds a million rows; all of it is one transaction, so a failed or stopped seed leaves
 * the database as it was. Refuses to run on a database that already has leads. SEED_LEADS and
 * SEED_PARTNERS change the sizes.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type DbExecutor } from '../src/db';
import { leads } from '../src/db/schema';
import { recountLeadDailyCounts } from '../src/modules/admin-stats';

export interface VolumeSeedOptions {
  leads?: number;
  partners?: number;
  /** Leads per INSERT; progress is printed after each. */
  chunk?: number;
  log?: (line: string) => void;
}

/** Picks from a literal list by an integer expression (1-based). */
const pick = (values: string[], index: string) =>
  `(array[${values.map((v) => `'${v}'`).join(',')}])[1 + (${index}) % ${values.length}]`;

const firstNames = [
  'Mia',
  'Liam',
  'Ava',
  'Noah',
  'Emma',
  'Lucas',
  'Sofia',
  'Omar',
  'Chloe',
  'Mateo',
  'Grace',
  'Ivan',
  'Nora',
  'Ethan',
  'Lea',
  'Ravi',
];
const lastNames = [
  'Smith',
  'Garcia',
  'Chen',
  'Novak',
  'Okafor',
  'Rossi',
  'Kim',
  'Muller',
  'Silva',
  'Patel',
  'Dubois',
  'Jones',
  'Haddad',
  'Berg',
];
const words = [
  'Corner',
  'Golden',
  'Blue',
  'Harbor',
  'Maple',
  'Summit',
  'Urban',
  'Green',
  'Sunny',
  'Royal',
  'Little',
  'Pioneer',
  'Coastal',
  'Silver',
  'Prime',
  'Oak',
  'River',
  'North',
  'Happy',
  'Red',
];
const trades = [
  'Bakery',
  'Garage',
  'Dental',
  'Florist',
  'Salon',
  'Pizzeria',
  'Hardware',
  'Books',
  'Fitness',
  'Cafe',
  'Boutique',
  'Pharmacy',
  'Tattoo',
  'Bistro',
  'Liquor',
  'Pet Shop',
  'Spa',
  'Motors',
  'Deli',
  'Print',
];
const businessTypes = [
  'Restaurant',
  'Retail',
  'Healthcare',
  'Automotive',
  'Beauty',
  'Professional services',
  'E-commerce',
  'Hospitality',
];
// 1,000 buckets: new 20%, contacted 22%, analysis 14%, application 10%, approved 12%, lost 16%, unqualified 6%.
const statusOf = (bucket: string) => `case
  when ${bucket} < 200 then 'new' when ${bucket} < 420 then 'contacted' when ${bucket} < 560 then 'analysis'
  when ${bucket} < 660 then 'application' when ${bucket} < 780 then 'approved' when ${bucket} < 940 then 'lost'
  else 'unqualified' end`;

/** Runs one SQL statement and returns its rows. */
type Run = <Row>(text: string) => Promise<Row[]>;

async function countLeads(db: DbExecutor): Promise<number> {
  const [row] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from ${leads}`)).rows;
  return row?.count ?? 0;
}

export async function seedVolume(
  url: string,
  opts: VolumeSeedOptions = {},
): Promise<{ leads: number; partners: number; ms: number }> {
  const totalLeads = opts.leads ?? 1_000_000;
  const totalPartners = opts.partners ?? 10_000;
  const chunk = opts.chunk ?? 100_000;
  const log = opts.log ?? ((line: string) => console.log(line));
  const started = Date.now();

  const handle = await openDatabase({ url }); // migrates
  try {
    const count = await countLeads(handle.db);
    if (count > 0) throw new Error(`the database already has ${count} leads; seed:volume fills an empty one`);
    // One transaction: the seed writes all of it or, if anything fails (or it is stopped), nothing.
    await handle.db.transaction(async (tx) => {
      // No parameters: every value in these statements is generated here.
      const run: Run = async <Row>(text: string) => (await tx.execute(sql.raw(text))).rows as Row[];

      // Bulk-load practice: secondary indexes are dropped while the rows go in and rebuilt once after
      // (constraints stay). Read from the catalog, so the seed follows whatever the migrations made.
      const indexes = await run<{ name: string; def: string }>(`
        select indexname as name, indexdef as def from pg_indexes
        where schemaname = current_schema() and tablename in ('leads', 'lead_events')
          and indexname not in (select conname from pg_constraint)`);
      for (const index of indexes) await run(`drop index "${index.name}"`);
      await fill(run);
      for (const index of indexes) await run(index.def);
      log(`indexes rebuilt (${Date.now() - started} ms)`);
      // The daily counts, counted once from the rows just written (as migration 0014 does);
      // its own transaction is a savepoint in this one.
      await recountLeadDailyCounts(tx);
      log(`daily counts counted (${Date.now() - started} ms)`);
    });
    for (const table of ['users', 'leads', 'lead_events', 'lead_daily_counts'])
      await handle.db.execute(sql.raw(`vacuum (analyze) ${table}`));
    return { leads: totalLeads, partners: totalPartners, ms: Date.now() - started };
  } finally {
    await handle.close();
  }

  async function fill(run: Run): Promise<void> {
    await run(`
      insert into users (full_name, email, password_hash, role, status, created_at, updated_at)
      select 'Partner ' || g, 'partner-' || g || '@volume.example', 'volume-seed-no-login', 'user',
             case when g % 50 = 0 then 'disabled' else 'active' end,
             now() - interval '760 days' + (g * interval '1 minute'), now()
      from generate_series(1, ${totalPartners}) g`);
    const firstPartner = (
      await run<{ min: number }>("select min(id)::int as min from users where email like '%@volume.example'")
    )[0]!.min;
    log(`partners: ${totalPartners} (${Date.now() - started} ms)`);

    for (let from = 1; from <= totalLeads; from += chunk) {
      const to = Math.min(totalLeads, from + chunk - 1);
      // h: a stable pseudo-random number per lead, so a re-run of the same size gives the same data.
      await run(`
          with g as (
            select i, abs(hashint4(i)) as h, abs(hashint4(i + 7919)) as h2 from generate_series(${from}, ${to}) i
          ), rows as (
            select i, h, h2,
              -- In arrival order, as a real program fills the table (ids and times rise together), with jitter.
              now() - interval '730 days' + (i * (730.0 * 86400 / ${totalLeads}) - h % 3600) * interval '1 second' as created,
              ${statusOf('h2 % 1000')} as status
            from g
          )
          insert into leads (partner_id, referral_uuid, first_name, last_name, email, company, business_type, country_code,
            phone_digits, title, notes, description, sms_consent, sms_consent_at, marketing_consent, marketing_consent_at,
            consent_text_version, ip_hash, source, status, mid, status_changed_at, sync_state, created_at, updated_at)
          select
            -- 8% unattributed; the rest skewed, so a few partners have thousands of leads and most a handful.
            case when h % 100 < 8 then null else ${firstPartner} + floor(${totalPartners} * power((h2 % 100000) / 100000.0, 2))::int end,
            '00000000-0000-4000-8000-000000000000',
            ${pick(firstNames, 'h')}, ${pick(lastNames, 'h / 16')},
            'merchant-' || i || '@volume.example',
            ${pick(words, 'h / 7')} || ' ' || ${pick(trades, 'h / 11')} || ' ' || (i % 997),
            ${pick(businessTypes, 'h / 13')}, 'US', '202555' || lpad((i % 10000)::text, 4, '0'),
            '+1 202555' || lpad((i % 10000)::text, 4, '0'),
            'Volume seed', 'Volume seed lead ' || i,
            h % 3 = 0, case when h % 3 = 0 then created end, h % 5 = 0, case when h % 5 = 0 then created end,
            'volume-seed', 'volume-seed',
            case when h % 100 < 90 then 'landing_page' when h % 100 < 98 then 'portal' else 'admin' end,
            status,
            case when status = 'approved' then 'MID-' || i end,
            case when status = 'new' then created else least(now(), created + (h2 % (20 * 86400)) * interval '1 second') end,
            'skipped', created, created
          from rows`);
      log(`leads: ${to} (${Date.now() - started} ms)`);
    }

    // History: every lead's 'created' event, and one status event for each lead that has moved.
    await run(`
      insert into lead_events (lead_id, kind, actor_id, actor_label, visible_to_partner, created_at)
      select id, 'created', null, 'Merchant', false, created_at from leads`);
    await run(`
      insert into lead_events (lead_id, kind, actor_id, actor_label, from_status, to_status, reason, note, visible_to_partner, created_at)
      select id, 'status', null, 'Volume seed', 'new', status,
        case status when 'lost' then 'no_response' when 'unqualified' then 'low_volume' end,
        case when id % 4 = 0 then 'Spoke with the owner' end, id % 4 = 0, status_changed_at
      from leads where status <> 'new'`);
    log(`events (${Date.now() - started} ms)`);
  }
}

async function main(): Promise<void> {
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // No .env file.
  }
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(
      'seed:volume needs DATABASE_URL=postgres://… (a PostgreSQL database; the embedded one is not meant for this volume)',
    );
    process.exit(1);
  }
  const size = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
  const result = await seedVolume(url, { leads: size('SEED_LEADS', 1_000_000), partners: size('SEED_PARTNERS', 10_000) });
  console.log(`Seeded ${result.leads} leads over ${result.partners} partners in ${(result.ms / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
