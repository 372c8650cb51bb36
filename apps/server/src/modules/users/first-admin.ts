import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

/** The first admin just created, to announce once its transaction has committed. */
export interface FirstAdmin {
  email: string;
  /** The generated password, printed once; null when it came from ADMIN_PASSWORD. */
  generated: string | null;
}

/**
 * On an empty database, creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated
 * password printed once. Never touches a database that already has users.
 */
export async function ensureFirstAdmin(db: DbExecutor, config: Config, log: FastifyBaseLogger): Promise<void> {
  const admin = await createFirstAdmin(db, config);
  if (admin) announceFirstAdmin(admin, config, log);
}

/**
 * Creates the first admin on an empty database and says who it is, without printing anything: a caller
 * inside a transaction (the demo seed) announces it only once committed, so a seed that fails
 * never prints a password for an account that was rolled back.
 */
export async function createFirstAdmin(db: DbExecutor, config: Config): Promise<FirstAdmin | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const email = (config.ADMIN_EMAIL ?? 'admin@example.com').trim().toLowerCase();
  const generated = config.ADMIN_PASSWORD ? null : randomBytes(18).toString('base64url');
  const password = config.ADMIN_PASSWORD ?? generated!;
  await db
    .insert(users)
    .values({ fullName: 'Administrator', email, passwordHash: await hashPassword(password), role: 'admin' })
    .onConflictDoNothing();
  return { email, generated };
}

export function announceFirstAdmin({ email, generated }: FirstAdmin, config: Config, log: FastifyBaseLogger): void {
  const loginUrl = `${config.publicUrl}/login`;
  if (generated) {
    // Printed once, on purpose, so the operator can sign in; it is never stored in clear.
    process.stdout.write(
      `\n  First admin created.\n    Login:    ${loginUrl}\n    Email:    ${email}\n    Password: ${generated}\n  Change it after signing in, on your account page: ${config.publicUrl}/admin/account\n  (password, two-factor and sessions; Forgot password works from the local outbox).\n\n`,
    );
  } else {
    log.info(
      { email, loginUrl, accountUrl: `${config.publicUrl}/admin/account` },
      'first admin created from ADMIN_EMAIL/ADMIN_PASSWORD',
    );
  }
}
