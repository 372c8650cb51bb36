import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_SETUP_REQUIRED, composeLeadPayload, settingKeys } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { createTestContext, type TestContext } from '../../test/context';
import { bearer, createAdmin, createPartner } from '../../test/factories';
import { leadEvents, leads, resourceFiles, resources, settings, userTotp } from '../db/schema';
import { createSession } from './sessions';

const srcDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/**
 * A role compared in code: `x.role === 'admin'`, `'user' !== x?.role`, `role === …`, a switch on a
 * role, or a guard factory taking a role. SQL filters (`eq(users.role, 'user')`) pick which
 * accounts a query returns, not what the caller may do, and are left to the queries.
 */
const roleCheck = [/\brole\s*[!=]==?/, /[!=]==?\s*[\w?.]*\brole\b/, /switch\s*\([^)]*\brole\s*\)/, /requireRole\s*\(/];

describe('role checks', () => {
  it('are made only by lib/access.ts, which defines who acts as an admin or a partner', () => {
    const helper = path.join(srcDir, 'lib', 'access.ts');
    const files = sourceFiles(srcDir);
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      if (file === helper) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // The role an admin asks to give an account is the change itself, not a check of anyone's role.
          const code = line.replace(/patch\.role(\s*[!=]==?\s*[\w.]+)?/g, 'newRole');
          if (roleCheck.some((pattern) => pattern.test(code))) {
            offenders.push(`${path.relative(srcDir, file)}:${i + 1}: ${line.trim()}`);
          }
        });
    }
    expect(offenders).toEqual([]);
  });

  it('are caught by the scan above', () => {
    const samples = [
      "if (user.role !== 'admin') return;",
      "const p = ctx.user?.role === 'user' ? ctx.user : null;",
      "if ('admin' === request.user.role) {}",
      'switch (user.role) {',
      "app.addHook('onRequest', requireRole('user'));",
    ];
    for (const sample of samples)
      expect(
        roleCheck.some((pattern) => pattern.test(sample)),
        sample,
      ).toBe(true);
  });
});

describe('capabilities only an admin has, outside the admin scope', () => {
  let ctx: TestContext;
  let linkPartner: Awaited<ReturnType<typeof createPartner>>;
  let chosenPartner: Awaited<ReturnType<typeof createPartner>>;
  const tokens: Record<'partner' | 'pending' | 'rejected' | 'mustEnrol' | 'admin', string> = {} as never;
  let draftId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    linkPartner = await createPartner(ctx.db);
    chosenPartner = await createPartner(ctx.db);
    const pending = await createPartner(ctx.db, { status: 'pending_approval' });
    const partner = await createPartner(ctx.db);
    const mustEnrol = await createAdmin(ctx.db);
    const admin = await createAdmin(ctx.db);
    await ctx.db.insert(userTotp).values({ userId: admin.id, secretEncrypted: 'sealed', enabledAt: new Date() });
    await ctx.db.insert(settings).values({ key: settingKeys.adminTwoFactor, value: 'required' });
    tokens.partner = await createSession(ctx.db, partner.id);
    tokens.pending = await createSession(ctx.db, pending.id);
    const rejected = await createPartner(ctx.db, { status: 'disabled', disabledReason: 'application_rejected: Other' });
    tokens.rejected = await createSession(ctx.db, rejected.id);
    tokens.mustEnrol = await createSession(ctx.db, mustEnrol.id);
    tokens.admin = await createSession(ctx.db, admin.id);
    const [draft] = await ctx.db
      .insert(resources)
      .values({ title: 'Draft price sheet', type: 'pdf', published: false })
      .returning();
    draftId = draft!.id;
    await ctx.db
      .insert(resourceFiles)
      .values({ resourceId: draftId, name: 'draft.pdf', mime: 'application/pdf', size: 9, data: Buffer.from('%PDF-1.4\n') });
  });
  afterAll(() => ctx.close());

  const file = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/resources/${draftId}/file`, headers: bearer(token) });

  it('serves an unpublished file to an admin only, not to one who must still enrol in two-factor', async () => {
    expect((await file(tokens.admin)).statusCode).toBe(200);
    expect((await file(tokens.partner)).statusCode).toBe(404);
    expect((await file(tokens.pending)).statusCode).toBe(403);
    expect((await file(tokens.mustEnrol)).statusCode).toBe(404);
    // Every admin route tells that admin why.
    const adminRoute = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/resources', headers: bearer(tokens.mustEnrol) });
    expect(adminRoute.json()).toMatchObject({ code: TWO_FACTOR_SETUP_REQUIRED });
  });

  async function submitAs(token: string | null) {
    const payload = { ...composeLeadPayload(buildReferralForm(), linkPartner.uuid), partner_id: chosenPartner.id };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload,
      headers: token ? bearer(token) : {},
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await ctx.db
      .select()
      .from(leads)
      .where(sql`lower(${leads.email}) = lower(${payload.Email})`);
    const [created] = await ctx.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead!.id), eq(leadEvents.kind, 'created')));
    return { partnerId: lead!.partnerId, source: lead!.source, actorId: created!.actorId, actorLabel: created!.actorLabel };
  }

  it("credits partner_id's partner for an admin only", async () => {
    expect(await submitAs(tokens.admin)).toMatchObject({ partnerId: chosenPartner.id, source: 'admin' });
    const anonymous = { partnerId: linkPartner.id, source: 'landing_page', actorId: null, actorLabel: 'Merchant' };
    expect(await submitAs(null)).toEqual(anonymous);
    // An admin who must still enrol, and an application under review, are handled exactly like nobody.
    expect(await submitAs(tokens.mustEnrol)).toEqual(anonymous);
    expect(await submitAs(tokens.pending)).toEqual(anonymous);
  });

  it('never credits an account that is not an active partner with its own submission', async () => {
    // Approval mode: the applicant may sign in and wait, but its token is worth nothing here.
    const submitted = await submitAs(tokens.pending);
    expect(submitted.partnerId).toBe(linkPartner.id);
    expect(await submitAs(tokens.rejected)).toEqual(await submitAs(null));
    const partner = await submitAs(tokens.partner);
    expect(partner).toMatchObject({ source: 'portal' });
    expect(partner.partnerId).not.toBe(linkPartner.id);
  });
});
