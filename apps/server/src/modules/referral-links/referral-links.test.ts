import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, referralLinkMessages as m, shortNameLimits } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { leads } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';

let ctx: TestContext;
let partner: Awaited<ReturnType<typeof createPartner>>;
let other: Awaited<ReturnType<typeof createPartner>>;
let partnerToken: string;
let otherToken: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  partner = await createPartner(ctx.db);
  other = await createPartner(ctx.db);
  const admin = await createAdmin(ctx.db);
  [partnerToken, otherToken, adminToken] = await Promise.all([
    loginAs(ctx.app, partner),
    loginAs(ctx.app, other),
    loginAs(ctx.app, admin),
  ]);
});
afterAll(() => ctx.close());

const putShortName = (shortName: unknown, token = partnerToken) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/referral-links/short-name',
    headers: bearer(token),
    payload: { short_name: shortName },
  });
const createCampaign = (name: unknown, token = partnerToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/referral-links/campaigns', headers: bearer(token), payload: { name } });
const getLinks = (token = partnerToken) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/referral-links', headers: bearer(token) });

describe('short link name', () => {
  it.each([
    ['ab', m.shortNameLength],
    ['a'.repeat(shortNameLimits.max + 1), m.shortNameLength],
    ['joe smith', m.shortNameCharacters],
    ['-joe', m.shortNameCharacters],
    ['joé', m.shortNameCharacters],
    ['Admin', m.shortNameReserved],
    ['referral', m.shortNameReserved],
    ['register', m.shortNameReserved],
    ['api', m.shortNameReserved],
    ['', m.shortNameRequired],
  ])('refuses %j with the field message', async (name, message) => {
    const res = await putShortName(name);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.short_name).toBe(message);
  });

  it('saves a name, refuses it to another partner whatever the case, and removes it with null', async () => {
    const saved = await putShortName('Joe-Payments-1');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: m.shortNameSaved, data: { short_name: 'Joe-Payments-1', uuid: partner.uuid } });

    const taken = await putShortName('joe-payments-1', otherToken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.short_name).toBe(m.shortNameTaken);

    // Saving one's own name again (another case) is fine.
    expect((await putShortName('joe-PAYMENTS-1')).statusCode).toBe(200);
    const removed = await putShortName(null);
    expect(removed.json()).toMatchObject({ message: m.shortNameRemoved, data: { short_name: null } });
    expect((await putShortName('joe-payments-1', otherToken)).statusCode).toBe(200);
    await putShortName(null, otherToken);
  });

  it('is for partners only', async () => {
    expect((await putShortName('the-admin-link', adminToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/referral-links' })).statusCode).toBe(401);
  });

  it('/r/{name} leads to the partner landing page with the query kept; an unknown name is a 404 page', async () => {
    await putShortName('corner-deals');
    const res = await ctx.app.inject({ method: 'GET', url: '/r/Corner-Deals?c=spring-flyers&src=qr' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/referral/${partner.uuid}?c=spring-flyers&src=qr`);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/r/nobody-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    // The uuid link keeps working.
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/leads/referral/${partner.uuid}/page` });
    expect(page.statusCode).toBe(200);
  });
});

describe('campaign links', () => {
  it('validates the name and refuses the same tag twice', async () => {
    const empty = await createCampaign('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toBe(m.campaignNameRequired);
    expect((await createCampaign('!!!')).json().errors.name).toBe(m.campaignNameNoTag);
    expect((await createCampaign('x'.repeat(61))).json().errors.name).toBe(m.campaignNameTooLong);

    const created = await createCampaign('Spring Flyers!');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.campaigns).toEqual([
      expect.objectContaining({ name: 'Spring Flyers!', tag: 'spring-flyers', visits: 0, referrals: 0, approved: 0 }),
    ]);
    const again = await createCampaign('spring flyers');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.name).toBe(m.campaignTaken);
    // Another partner has their own tags.
    expect((await createCampaign('Spring Flyers', otherToken)).statusCode).toBe(201);
  });

  it('credits a lead through /r/{name}?c={tag} to the partner and the campaign, and counts visits, referrals and approvals per link', async () => {
    await putShortName('corner-deals');
    await createCampaign('Trade Show');
    const redirect = await ctx.app.inject({ method: 'GET', url: '/r/corner-deals?c=trade-show' });
    const landing = new URL(redirect.headers.location as string, 'http://x');
    const uuid = landing.pathname.split('/')[2]!;
    const c = landing.searchParams.get('c')!;

    // What the landing page does: count the visit, then send the form with the tag.
    const visit = await ctx.app.inject({ method: 'POST', url: `/api/v1/leads/referral/${uuid}/visit`, payload: { c } });
    expect(visit.statusCode).toBe(204);
    const form = buildReferralForm();
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload: { ...composeLeadPayload(form, uuid), campaign: c },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.email, form.email));
    expect(lead).toMatchObject({ partnerId: partner.id, campaign: 'trade-show', source: 'landing_page' });

    // A second referral through the plain link is not the campaign's.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload: composeLeadPayload(buildReferralForm(), uuid),
    });
    await ctx.db.update(leads).set({ status: 'approved' }).where(eq(leads.id, lead!.id));

    const links = (await getLinks()).json().data;
    expect(links.campaigns.find((l: { tag: string }) => l.tag === 'trade-show')).toMatchObject({
      visits: 1,
      referrals: 1,
      approved: 1,
    });
    expect(links.campaigns.find((l: { tag: string }) => l.tag === 'spring-flyers')).toMatchObject({ visits: 0, referrals: 0 });
  });

  it('deletes only the partner own link', async () => {
    const { campaigns } = (await getLinks()).json().data as { campaigns: { id: number; tag: string }[] };
    const id = campaigns.find((l) => l.tag === 'spring-flyers')!.id;
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/referral-links/campaigns/${id}`,
      headers: bearer(otherToken),
    });
    expect(foreign.statusCode).toBe(404);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/referral-links/campaigns/${id}`,
      headers: bearer(partnerToken),
    });
    expect(deleted.json()).toMatchObject({ message: m.campaignDeleted });
    expect(deleted.json().data.campaigns.map((l: { tag: string }) => l.tag)).toEqual(['trade-show']);
  });
});
