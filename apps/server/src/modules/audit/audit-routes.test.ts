import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAuditEntry, pipelineMessages } from '@portal/contract';
import { users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { createSession } from '../../lib/sessions';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLead, createPartner } from '../../../test/factories';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await createSession(ctx.db, (await createAdmin(ctx.db)).id);
});
afterAll(() => ctx.close());

const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/admin/audit?${query}`, headers: bearer(token) });

describe('GET /admin/audit', () => {
  it('pages rows written in one transaction (one timestamp) by id, without duplicates or gaps', async () => {
    const actor = await createAdmin(ctx.db, { fullName: 'Tia Tie' });
    await ctx.db.transaction((tx) =>
      recordAudit(
        tx,
        Array.from({ length: 12 }, (_, i) => ({
          actorId: actor.id,
          action: 'payout_batch.nacha',
          targetType: 'test',
          targetId: i,
          after: { i },
        })),
      ),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`action=payout_batch.nacha&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const data: { items: { target_id: string; at: string; actor: unknown }[]; next_cursor: string | null } = res.json().data;
      seen.push(...data.items.map((i) => i.target_id));
      expect(data.items.every((i) => i.at === data.items[0]!.at)).toBe(true);
      cursor = data.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => String(11 - i)));
  });

  it('answers a null actor for system rows and for deleted users, and the settings writes of admins', async () => {
    await recordAudit(ctx.db, { actorId: null, action: 'tax.1099_export', targetType: 'test' });
    const gone = await createAdmin(ctx.db);
    await recordAudit(ctx.db, { actorId: gone.id, action: 'tax.1099_export', targetType: 'test' });
    await ctx.db.delete(users).where(eq(users.id, gone.id));
    const items = (await list('action=tax.1099_export')).json().data.items;
    expect(items).toMatchObject([
      { action: 'tax.1099_export', actor: null, target_id: null, before: null, after: null },
      { action: 'tax.1099_export', actor: null },
    ]);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings',
      headers: bearer(token),
      payload: { key: 'audit_probe', value: 'x' },
    });
    const settings = (await list('target_type=setting')).json().data.items;
    expect(settings[0]).toMatchObject({ action: 'setting.create', target_id: 'audit_probe', actor: { name: 'Ada Admin' } });
  });

  it('names the referral and the user an entry is about, so it reads as a sentence (issue 23 §9)', async () => {
    const actor = await createAdmin(ctx.db, { fullName: 'Ana Ruiz' });
    const partner = await createPartner(ctx.db, { fullName: 'Pat Lee' });
    const lead = await createLead(ctx.db, { company: "Joe's Pizza" });
    await recordAudit(ctx.db, [
      {
        actorId: actor.id,
        action: 'lead.status',
        targetType: 'lead',
        targetId: lead.publicId,
        before: { status: 'new' },
        after: { status: 'contacted' },
      },
      { actorId: actor.id, action: 'user.disable', targetType: 'user', targetId: partner.id },
    ]);
    const items = (await list(`actor_id=${actor.id}`)).json().data.items;
    expect(items.map(describeAuditEntry).sort()).toEqual([
      "Ana Ruiz changed the status of Joe's Pizza from New to Contacted",
      'Ana Ruiz disabled the account of Pat Lee',
    ]);
  });

  it('refuses a tampered cursor', async () => {
    const res = await list('cursor=AAAA');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: pipelineMessages.invalidCursor,
      errors: { cursor: pipelineMessages.invalidCursor },
    });
  });
});
