/**
 * `npm run seed:demo`: demo partners and settings for trying the portal locally. Safe to run again:
 * it updates what it created before instead of duplicating it. All of it is written in one
 * transaction, and on the embedded database it is refused while another process (the server) has
 * DATA_DIR open: stop the server first, or seed the PostgreSQL database of DATABASE_URL.
 */
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { settingKeys } from '@portal/contract';
import { ConfigError, loadConfig, type Config } from '../src/config';
import { openDatabase, type Database, type DbExecutor } from '../src/db';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import { settings, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { announceFirstAdmin, createFirstAdmin, type FirstAdmin } from '../src/modules/users/first-admin';
import { seedDemoActivity, seedDemoEarnings, seedDemoResources } from './demo-workspace';

const DEMO_PASSWORD = 'demo-partner-2024';

const demoPartners = [
  {
    fullName: 'Dana Demo',
    email: 'dana@demo.test',
    compensationLink: 'https://example.com/commissions/dana',
    facebookPixelId: '123456789012345',
  },
  { fullName: 'Sam Sample', email: 'sam@demo.test', compensationLink: null, facebookPixelId: '' },
  { fullName: 'Riley Referrer', email: 'riley@demo.test', compensationLink: null, facebookPixelId: '' },
];

const demoSettings = [
  { key: settingKeys.companyName, value: 'Demo Reseller' },
  { key: settingKeys.contactUs, value: 'https://www.example.com/contact' },
  // An addition only: the amounts partners read are written from the commission plan.
  { key: settingKeys.programTerms, value: 'Payments go out by ACH once your statement is published.' },
];

function readConfig(): Config {
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // No .env file: the environment alone configures the seed, as it does the server.
  }
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function upsertPartner(db: DbExecutor, partner: (typeof demoPartners)[number], passwordHash: string) {
  const values = { ...partner, passwordHash, role: 'user' as const, status: 'active' as const };
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, partner.email))
    .limit(1);
  const [row] = existing
    ? await db.update(users).set(values).where(eq(users.id, existing.id)).returning()
    : await db.insert(users).values(values).returning();
  return { row: row!, isNew: !existing };
}

/**
 * Writes the demo data in one transaction: all of it or, if anything fails half-way, none of it.
 * Returns the lines to print once it is committed.
 */
export async function seedDemo(db: Database, config: Config, log: FastifyBaseLogger): Promise<string[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let firstAdmin: FirstAdmin | null = null;
  const lines = await db.transaction(async (tx) => {
    // Seeding partners into an empty database would stop the server from creating its first admin.
    firstAdmin = await createFirstAdmin(tx, config);
    const lines: string[] = [];
    let first: { id: number; uuid: string } | null = null;
    for (const partner of demoPartners) {
      const { row, isNew } = await upsertPartner(tx, partner, passwordHash);
      first ??= row;
      lines.push(
        `  ${isNew ? 'created' : 'updated'} partner ${row.fullName} <${row.email}>  referral ${config.publicUrl}/referral/${row.uuid}`,
      );
    }
    for (const setting of demoSettings) {
      await tx
        .insert(settings)
        .values(setting)
        .onConflictDoUpdate({ target: settings.key, set: { value: setting.value, updatedAt: new Date() } });
      lines.push(`  setting "${setting.key}" = ${setting.value}`);
    }
    lines.push(...(await seedDemoResources(tx)));
    const activity = first ? await seedDemoActivity(tx, first) : null;
    if (activity) lines.push(activity);
    const earnings = first ? await seedDemoEarnings(tx, first) : null;
    if (earnings) lines.push(earnings);
    return lines;
  });
  // Announced once committed: a seed that failed has no admin, so prints no password for one.
  if (firstAdmin) announceFirstAdmin(firstAdmin, config, log);
  return lines;
}

async function main(): Promise<void> {
  const config = readConfig();
  // On the embedded database this is refused at once while the server (or anything else) has DATA_DIR open.
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
  try {
    const lines = await seedDemo(database.db, config, Fastify({ logger: { level: config.LOG_LEVEL } }).log);
    process.stdout.write(
      [
        `Demo data in ${database.kind === 'postgres' ? 'PostgreSQL' : config.dataDir}:`,
        ...lines,
        `  Partner password: ${DEMO_PASSWORD}`,
        `  Sign in at ${config.publicUrl}/login`,
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof DataDirInUseError ? err.message : err);
    process.exit(1);
  });
}
