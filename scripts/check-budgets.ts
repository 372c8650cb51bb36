// `npm run test:budgets` (part of `npm test`): limits the project holds itself to, checked on every run.
// 1. The JavaScript of the public landing page (/referral/{uuid}) stays under 100 KB gzip
//    (docs/decisions/002); read from the production build, so `npm run build` comes first.
// 2. The committed migrations match the Drizzle schema: drizzle-kit, run on a copy of apps/server/drizzle,
//    must find nothing to generate. When it does, run `npm run db:generate` and commit the migration.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureReferralBundle, REFERRAL_BUDGET_GZIP_BYTES } from './bench/bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');

async function checkLandingPageBudget(): Promise<string | undefined> {
  const report = await measureReferralBundle();
  if (report.referral.gzip > REFERRAL_BUDGET_GZIP_BYTES) {
    return `the landing page loads ${(report.referral.gzip / 1024).toFixed(1)} KB of JavaScript (gzip), over its ${REFERRAL_BUDGET_GZIP_BYTES / 1024} KB budget`;
  }
  return undefined;
}

/** drizzle-kit's CLI, found from the server, which declares it (its package.json is not exported). */
function drizzleKitBin(): string {
  const entry = createRequire(path.join(serverDir, 'package.json')).resolve('drizzle-kit');
  let dir = path.dirname(entry);
  while (path.basename(dir) !== 'drizzle-kit') dir = path.dirname(dir);
  const { bin } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return path.join(dir, bin['drizzle-kit']!);
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

function checkMigrationsMatchSchema(): string | undefined {
  const committed = path.join(serverDir, 'drizzle');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-migrations-'));
  try {
    fs.cpSync(committed, scratch, { recursive: true });
    const before = listFiles(scratch);
    // drizzle-kit reads --out relative to its working directory, whatever the path looks like.
    const result = spawnSync(
      process.execPath,
      [
        drizzleKitBin(),
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/db/schema/index.ts',
        '--out',
        path.relative(serverDir, scratch),
        '--name',
        'schema_drift',
      ],
      // No standard input: a question (a rename?) means the schema changed, and must not wait for an answer.
      { cwd: serverDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
    );
    if (result.status !== 0) {
      return `drizzle-kit generate failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`;
    }
    const added = listFiles(scratch).filter((file) => !before.includes(file));
    if (added.length === 0 && result.stdout.includes('No schema changes')) {
      console.log('Migrations match the schema (drizzle-kit generate: nothing to migrate).');
      return undefined;
    }
    if (added.length === 0) {
      // drizzle-kit exits 0 when it needs to ask something (is a column renamed?) and cannot.
      return `the Drizzle schema changed in a way drizzle-kit asks about; run \`npm run db:generate\` and commit:\n${result.stdout}${result.stderr}`;
    }
    const sql = added
      .filter((file) => file.endsWith('.sql'))
      .map((file) => fs.readFileSync(path.join(scratch, file), 'utf8'))
      .join('\n');
    return `the Drizzle schema has changes that no committed migration holds; run \`npm run db:generate\` and commit:\n${sql}`;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function main() {
  console.log('== Landing page JavaScript ==');
  const failures = [await checkLandingPageBudget()];
  console.log('\n== Migrations against the schema ==');
  failures.push(checkMigrationsMatchSchema());
  const failed = failures.filter((failure) => failure !== undefined);
  for (const failure of failed) console.error(`\nBudget failed: ${failure}`);
  if (failed.length > 0) process.exitCode = 1;
}

await main();
