import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/context';
import { bearer, createAdmin, createPartner, DEFAULT_PASSWORD, loginAs } from '../../test/factories';
import { deleteRedisKeys, noRedisReason, openTwoInstances, testRedisUrl, uniqueRedisPrefix } from '../../test/redis';
import type { App } from '../app';
import { auditLog, outbox, settings, userTotp } from '../db/schema';
import { afterCommit } from '../db/after-commit';
import { totpCodeAt } from './totp';

/**
 * A change that ends or alters a user's sessions is refused on the next request, with the session
 * cache on as shipped: the other session is read (and cached) first, then the change is made.
 */

const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
const post = (app: App, url: string, token: string | null, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });

/** Turns two-factor on through the API; the secret and recovery codes as the user saw them. */
async function enrol(app: App, token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await post(app, '/users/two-factor/setup', token, { password: DEFAULT_PASSWORD });
  expect(setup.statusCode).toBe(200);
  const enabled = await post(app, '/users/two-factor/enable', token, { code: totpCodeAt(setup.json().data.secret, Date.now()) });
  expect(enabled.statusCode).toBe(200);
  return { secret: setup.json().data.secret as string, codes: enabled.json().data.recovery_codes as string[] };
}

/** The second step of a sign-in, with a code or a recovery code (the first step answers a challenge). */
async function signInWithTwoFactor(app: App, email: string, factor: { code: string } | { recovery_code: string }) {
  const challenge = (await post(app, '/users/login', null, { email, password: DEFAULT_PASSWORD })).json().data.challenge;
  return post(app, '/users/login/two-factor', null, { challenge, ...factor });
}

interface Flow {
  /** Before the other session is read: what the account needs (two-factor on). */
  prepare?(app: App, token: string): Promise<{ secret: string; codes: string[] }>;
  /** The change, made on `app` by the account's own session `token`. */
  change(
    app: App,
    token: string,
    user: { id: number; email: string },
    recoveryCodes: string[],
    adminToken: string,
  ): Promise<void>;
}

const flows: Record<string, Flow> = {
  'a password change': {
    async change(app, token) {
      const body = {
        current_password: DEFAULT_PASSWORD,
        new_password: 'another-long-passphrase',
        confirm_new_password: 'another-long-passphrase',
      };
      expect((await post(app, '/users/change-password', token, body)).statusCode).toBe(200);
    },
  },
  'turning two-factor on': {
    async change(app, token) {
      await enrol(app, token);
    },
  },
  'turning two-factor off': {
    prepare: enrol,
    async change(app, token, _user, codes) {
      const off = await post(app, '/users/two-factor/disable', token, { password: DEFAULT_PASSWORD, recovery_code: codes[0] });
      expect(off.statusCode).toBe(200);
    },
  },
  'a sign-in with a recovery code': {
    prepare: enrol,
    async change(app, _token, user, codes) {
      expect((await signInWithTwoFactor(app, user.email, { recovery_code: codes[1]! })).statusCode).toBe(200);
    },
  },
  "an admin's reset of two-factor": {
    prepare: enrol,
    async change(app, _token, user, _codes, adminToken) {
      const reset = await post(app, `/admin/users/${user.id}/reset-two-factor`, adminToken);
      expect(reset.statusCode).toBe(200);
    },
  },
};

/** Runs every flow with the change made on `changeOn` and the other session read on `readOn`. */
function refusesTheOtherSession(instances: () => { changeOn: TestContext; readOn: TestContext }) {
  it.each(Object.entries(flows))('%s: the account’s other session answers 401 at once', async (_name, flow) => {
    const { changeOn, readOn } = instances();
    const user = await createPartner(changeOn.db);
    const adminToken = await loginAs(changeOn.app, await createAdmin(changeOn.db));
    const token = await loginAs(changeOn.app, user);
    const enrolled = await flow.prepare?.(changeOn.app, token);
    const codes = enrolled?.codes ?? [];
    // Signed in elsewhere (with the next step's code when two-factor is on) and read, so the session cache holds it.
    const other = enrolled
      ? ((await signInWithTwoFactor(readOn.app, user.email, { code: totpCodeAt(enrolled.secret, Date.now() + 30_000) })).json()
          .data.token as string)
      : await loginAs(readOn.app, user);
    expect((await me(readOn.app, other)).statusCode).toBe(200);
    expect((await me(readOn.app, other)).statusCode).toBe(200);

    await flow.change(changeOn.app, token, user, codes, adminToken);
    const refused = await me(readOn.app, other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ status: 'error', message: messages.auth.unauthorized });
  });
}

describe('with the session cache as shipped (one instance)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('runs with the default session cache', () => {
    expect(ctx.config.SESSION_CACHE_TTL_MS).toBe(30_000);
  });

  refusesTheOtherSession(() => ({ changeOn: ctx, readOn: ctx }));

  it('lets an applicant in at once once approved', async () => {
    const applicant = await createPartner(ctx.db, { status: 'pending_approval' });
    const token = await loginAs(ctx.app, applicant);
    const dashboard = () => ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: bearer(token) });
    expect((await dashboard()).statusCode).toBe(403);
    const admin = await loginAs(ctx.app, await createAdmin(ctx.db));
    expect((await post(ctx.app, `/admin/users/${applicant.id}/approve`, admin)).statusCode).toBe(200);
    expect((await dashboard()).statusCode).toBe(200);
  });
});

describe("an admin's reset of another account's two-factor", () => {
  let ctx: TestContext;
  let adminId: number;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createAdmin(ctx.db);
    adminId = admin.id;
    adminToken = await loginAs(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  it('turns it off, ends every session, mails the owner and is recorded', async () => {
    const partner = await createPartner(ctx.db);
    const token = await loginAs(ctx.app, partner);
    await enrol(ctx.app, token);
    const reset = await post(ctx.app, `/admin/users/${partner.id}/reset-two-factor`, adminToken);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'success', message: messages.adminUsers.twoFactorReset });
    expect(await ctx.db.select().from(userTotp).where(eq(userTotp.userId, partner.id))).toHaveLength(0);
    expect((await me(ctx.app, token)).statusCode).toBe(401);
    // The password alone signs in again.
    expect(
      (await post(ctx.app, '/users/login', null, { email: partner.email, password: DEFAULT_PASSWORD })).json().data.token,
    ).toEqual(expect.any(String));
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.action, 'mail.account_two_factor_reset'), eq(outbox.subjectId, String(partner.id))));
    expect(mails).toHaveLength(1);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.targetId, String(partner.id))));
    expect(audit).toMatchObject([{ actorId: adminId }]);
  });

  it("refuses one's own, and an account without two-factor, with a clear 409", async () => {
    await enrol(ctx.app, adminToken);
    const own = await post(ctx.app, `/admin/users/${adminId}/reset-two-factor`, adminToken);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ status: 'error', message: messages.adminUsers.twoFactorResetSelf });
    expect(await ctx.db.select().from(userTotp).where(eq(userTotp.userId, adminId))).toHaveLength(1);

    const partner = await createPartner(ctx.db);
    const off = await post(ctx.app, `/admin/users/${partner.id}/reset-two-factor`, adminToken);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(messages.adminUsers.twoFactorNotOn);
    expect((await post(ctx.app, '/admin/users/999999/reset-two-factor', adminToken)).statusCode).toBe(404);
  });
});

describe('every write to a user or their sessions', () => {
  it('evicts the sessions in the same function, or ends them (or only stamps a time no session depends on)', () => {
    const srcDir = path.resolve(import.meta.dirname, '..');
    const files = (function walk(dir: string): string[] {
      return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'scripts' ? [] : walk(file);
        return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
      });
    })(srcDir);
    const write = /\.(update|delete)\((users|sessions)\)/g;
    const stampsOnly = /^\s*\.set\(\{\s*(lastLoginAt|lastUsedAt): [^,}]+\}\)/;
    const offenders: string[] = [];
    let writes = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(write)) {
        writes += 1;
        const after = text.slice(match.index + match[0].length);
        if (stampsOnly.test(after)) continue;
        // The enclosing top-level function: from its `function` line to the closing brace at column 0.
        const fnStart = Math.max(
          ...['\nexport async function', '\nasync function'].map((head) => text.lastIndexOf(head, match.index)),
        );
        const body = text.slice(Math.max(fnStart, 0), text.indexOf('\n}\n', match.index));
        // lib/sessions' revoke functions evict by themselves.
        if (!/\b(evictSessionsOnCommit|revokeUserSessions|revokeOtherSessions)\(/.test(body)) {
          offenders.push(`${path.relative(srcDir, file)}:${text.slice(0, match.index).split('\n').length}`);
        }
      }
    }
    expect(writes).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});

describe('afterCommit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('runs a transaction’s work after it commits, before the transaction call returns, and never after a rollback', async () => {
    const seen: string[] = [];
    const result = await ctx.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: 'after-commit-test', value: '1' });
      await afterCommit(tx, async (db) => {
        // Outside the transaction, the write is there: it has committed.
        const rows = await (db as typeof ctx.db).select().from(settings).where(eq(settings.key, 'after-commit-test'));
        seen.push(`task saw ${rows.length}`);
      });
      seen.push('callback done');
      return 'result';
    });
    seen.push(`returned ${result}`);
    expect(seen).toEqual(['callback done', 'task saw 1', 'returned result']);

    await expect(
      ctx.db.transaction(async (tx) => {
        await afterCommit(tx, () => void seen.push('rolled back task'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seen).not.toContain('rolled back task');
  });

  it('runs at once on the database itself (a statement that has committed)', async () => {
    let ran = false;
    await afterCommit(ctx.db, () => void (ran = true));
    expect(ran).toBe(true);
  });
});

describe.skipIf(!testRedisUrl)(
  `two instances on one database and one Redis, session cache as shipped${testRedisUrl ? '' : ` (skipped: ${noRedisReason})`}`,
  () => {
    const prefix = uniqueRedisPrefix();
    let instances: Awaited<ReturnType<typeof openTwoInstances>>;
    beforeAll(async () => {
      instances = await openTwoInstances({ REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix });
    });
    afterAll(async () => {
      await instances?.close();
      await deleteRedisKeys(testRedisUrl!, prefix);
    });

    refusesTheOtherSession(() => ({ changeOn: instances.a, readOn: instances.b }));
  },
);
