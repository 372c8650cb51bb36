import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineMessages } from '@portal/contract';
import { users } from '../../db/schema';
import { createSession } from '../../lib/sessions';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner } from '../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const url = '/api/v1/users/notification-preferences';

describe('GET|PUT /users/notification-preferences', () => {
  it('reads and saves the signed-in user’s mail preferences', async () => {
    const partner = await createPartner(ctx.db);
    const token = await createSession(ctx.db, partner.id);
    const get = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(get.json()).toEqual({
      status: 'success',
      data: { lead_status_changed: true, new_referral: true, lead_note: true, partner_reply: true },
    });

    const put = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { lead_status_changed: false, new_referral: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      status: 'success',
      message: pipelineMessages.preferencesSaved,
      data: { lead_status_changed: false, new_referral: true, lead_note: true, partner_reply: true },
    });
    expect((await ctx.db.select().from(users).where(eq(users.id, partner.id)))[0]).toMatchObject({
      notifyLeadStatus: false,
      notifyNewReferral: true,
    });
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).json().data).toEqual({
      lead_status_changed: false,
      new_referral: true,
      lead_note: true,
      partner_reply: true,
    });
    const notes = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { lead_status_changed: false, new_referral: true, lead_note: false },
    });
    expect(notes.json().data).toEqual({ lead_status_changed: false, new_referral: true, lead_note: false, partner_reply: true });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { lead_status_changed: true, new_referral: true, partner_reply: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['partner_reply']);

    const admin = await createAdmin(ctx.db);
    const adminPut = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(await createSession(ctx.db, admin.id)),
      payload: { lead_status_changed: true, new_referral: false },
    });
    expect(adminPut.statusCode).toBe(200);
  });

  it('needs a session and both booleans', async () => {
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'PUT', url, payload: { lead_status_changed: true, new_referral: true } })).statusCode,
    ).toBe(401);
    const token = await createSession(ctx.db, (await createPartner(ctx.db)).id);
    const bad = await ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload: { lead_status_changed: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['lead_status_changed', 'new_referral']));
  });
});
