// Issue 19 §5: the duplicate answer names the existing lead's id (the spec's message, kept verbatim).
// That id must give whoever holds it nothing: every route that takes a lead id, found in the API
// description so a new one is covered too, answers an anonymous caller and another partner without
// a word of the lead.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, messages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createPartner, loginAs } from '../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ API_DOCS: 'on' });
});
afterAll(() => ctx.close());

const lead = {
  fullName: 'Dora Duplicate',
  email: 'dora@bakery.example',
  businessName: 'Dora Bakery Unique',
  phoneNumber: '4155550199',
};

const submit = (uuid: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/leads/referral/by-uuid',
    payload: composeLeadPayload(buildReferralForm(lead), uuid, { consentTextVersion: 'v1' }),
  });

/** Every operation of the API description whose path takes a lead's id. */
async function leadIdOperations(): Promise<{ method: string; path: string }[]> {
  const description = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(description.paths)
    .filter(([path]) => /\/leads(\/[\w-]+)*\/\{id\}/.test(path))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
}

describe('the lead id in the duplicate answer', () => {
  it('is in the spec message, and gives an anonymous caller or another partner nothing', async () => {
    const owner = await createPartner(ctx.db);
    expect((await submit(owner.uuid)).statusCode).toBe(201);

    const duplicate = await submit(owner.uuid);
    expect(duplicate.statusCode).toBe(409);
    const id = duplicate.json().leadData.data[0].details.id as string;
    expect(duplicate.json().message).toBe(messages.referral.duplicate(id));

    const operations = await leadIdOperations();
    // The partner's own lead and the admin's lead sheet, with their writes, at least.
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/leads/mine/{id}',
        'GET /api/v1/admin/leads/{id}',
        'POST /api/v1/admin/leads/{id}/notes',
      ]),
    );

    const stranger = await createPartner(ctx.db);
    const callers = [
      { who: 'anonymous', headers: {} },
      { who: 'another partner', headers: bearer(await loginAs(ctx.app, stranger)) },
    ];
    const leaks: string[] = [];
    for (const { method, path } of operations) {
      for (const { who, headers } of callers) {
        // Any other path parameter (an attachment's id) is a plain 1.
        const call = (leadId: string) =>
          ctx.app.inject({
            method: method as 'GET',
            url: path.replace('{id}', encodeURIComponent(leadId)).replace(/\{\w+\}/g, '1'),
            headers,
            ...(method === 'GET' ? {} : { payload: {} }),
          });
        const res = await call(id);
        // Refused, or the very answer a lead that does not exist gets (an empty body's 400): nothing learnt.
        const unknown = await call(randomUUID());
        const refused =
          [401, 403, 404].includes(res.statusCode) || (res.statusCode === unknown.statusCode && res.body === unknown.body);
        const leaked = [lead.email, lead.businessName, lead.phoneNumber, 'Dora'].filter((text) => res.body.includes(text));
        if (!refused || leaked.length) leaks.push(`${method} ${path} as ${who}: ${res.statusCode} ${leaked.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);

    // Nor does another partner's search of their list find it, by that id or by its name, where the owner's does.
    const search = (q: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/leads/mine?q=${encodeURIComponent(q)}`, headers });
    const own = await search(lead.businessName, bearer(await loginAs(ctx.app, owner)));
    expect(own.json().data.items.map((item: { id: string }) => item.id)).toEqual([id]);
    for (const q of [id, lead.businessName]) {
      const theirs = await search(q, callers[1]!.headers);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().data.items).toEqual([]);
    }
  });
});
