/**
 * `npm run seed:demo`: demo partners and settings for trying the portal locally. Safe to run again:
 * it updates what it created before instead of duplicating it.
 */
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { settingKeys } from '@portal/contract';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db';
import { settings, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { ensureFirstAdmin } from '../modules/users/first-admin';
import { seedDemoActivity, seedDemoResources } from './demo-workspace';

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
  { key: settingKeys.programTerms, value: '$150 per approved merchant + 10% residual on processing revenue for 24 months' },
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

async function upsertPartner(db: Database, partner: (typeof demoPartners)[number], passwordHash: string) {
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

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
  try {
    // Seeding partners into an empty database would stop the server from creating its first admin.
    await ensureFirstAdmin(database.db, config, Fastify({ logger: { level: config.LOG_LEVEL } }).log);

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const lines = [`Demo data in ${database.kind === 'postgres' ? 'PostgreSQL' : config.dataDir}:`];
    let first: { id: number; uuid: string } | null = null;
    for (const partner of demoPartners) {
      const { row, isNew } = await upsertPartner(database.db, partner, passwordHash);
      first ??= row;
      lines.push(
        `  ${isNew ? 'created' : 'updated'} partner ${row.fullName} <${row.email}>  referral ${config.publicUrl}/referral/${row.uuid}`,
      );
    }
    for (const setting of demoSettings) {
      await database.db
        .insert(settings)
        .values(setting)
        .onConflictDoUpdate({ target: settings.key, set: { value: setting.value, updatedAt: new Date() } });
      lines.push(`  setting "${setting.key}" = ${setting.value}`);
    }
    lines.push(...(await seedDemoResources(database.db)));
    const activity = first ? await seedDemoActivity(database.db, first) : null;
    if (activity) lines.push(activity);
    lines.push(`  Partner password: ${DEMO_PASSWORD}`, `  Sign in at ${config.publicUrl}/login`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
