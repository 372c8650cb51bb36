import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, messages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { createTestContext, type TestContext } from '../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../test/factories';
import { leads, settings, users } from '../db/schema';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await loginAs(ctx.app, await createAdmin(ctx.db));
});
afterAll(() => ctx.close());

const refused = (errors: Record<string, string>) => ({
  status: 'error',
  message: messages.http.invalidCharacter,
  errors,
});
const rowCount = async (table: typeof users | typeof settings | typeof leads) =>
  (await ctx.db.select({ n: count() }).from(table))[0]!.n;

describe('a NUL character in the input', () => {
  it('is refused with a 400 naming the field on register, and no account is made', async () => {
    const before = await rowCount(users);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: {
        full_name: 'Pat\u0000Partner',
        email: 'nul@example.com',
        password: 'a-long-passphrase',
        confirm_password: 'a-long-passphrase',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ full_name: messages.http.invalidCharacter }));
    expect(await rowCount(users)).toBe(before);
  });

  it('is refused on the admin settings, in the body and in the path', async () => {
    const before = await rowCount(settings);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings',
      headers: bearer(adminToken),
      payload: { key: 'Contact\u0000Us', value: 'https://example.com/\u0000' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(refused({ key: messages.http.invalidCharacter, value: messages.http.invalidCharacter }));
    expect(await rowCount(settings)).toBe(before);

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/Contact%00Us',
      headers: bearer(adminToken),
      payload: { value: 'x' },
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toEqual(refused({ key: messages.http.invalidCharacter }));
  });

  it('is refused on the public lead form, nested or not, and no lead is stored', async () => {
    const partner = await createPartner(ctx.db);
    const before = await rowCount(leads);
    const payload = composeLeadPayload(buildReferralForm({ description: 'Call\u0000me' }), partner.uuid);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload });
    expect(res.statusCode).toBe(400);
    // The form sends the notes twice: structured, and inside the spec's Description.
    expect(res.json()).toEqual(refused({ Description: messages.http.invalidCharacter, notes: messages.http.invalidCharacter }));

    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload: { ...composeLeadPayload(buildReferralForm(), partner.uuid), extra: [{ 'k\u0000': 1 }] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual(refused({ 'extra.0.k\u0000': messages.http.invalidCharacter }));
    expect(await rowCount(leads)).toBe(before);
  });

  it('is refused in a path parameter of a public page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/leads/referral/abc%00/page' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ uuid: messages.http.invalidCharacter }));
  });
});
