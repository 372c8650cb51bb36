import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignIdParams,
  createCampaignRequest,
  referralLinkMessages as m,
  referralLinksResponse,
  shortNameRequest,
} from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { referralNotFoundPage } from '../settings';
import { createCampaign, deleteCampaign, findShortLinkUuid, getReferralLinks, setShortName } from './referral-links-service';

const tags = ['referral-links'];

/** `/referral-links`: the signed-in partner's short link name and campaign links, with each link's figures. */
export const referralLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);
  const answer = async (partner: { id: number; uuid: string }, message?: string) => ({
    status: 'success' as const,
    ...(message ? { message } : {}),
    data: await getReferralLinks(app.db, partner),
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The short link name, the campaign links and their visits, referrals and approvals',
        response: { 200: referralLinksResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => answer(currentUser(request)),
  );

  app.put(
    '/short-name',
    {
      schema: {
        tags,
        summary: 'Choose the short link name (`/r/{name}`), or remove it with null',
        body: shortNameRequest,
        response: { 200: referralLinksResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await setShortName(app.db, user.id, request.body.short_name);
      return answer(user, request.body.short_name === null ? m.shortNameRemoved : m.shortNameSaved);
    },
  );

  app.post(
    '/campaigns',
    {
      schema: {
        tags,
        summary: 'Create a campaign link (its tag is the name, lower-cased with hyphens)',
        body: createCampaignRequest,
        response: { 201: referralLinksResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await createCampaign(app.db, user.id, request.body.name);
      return reply.status(201).send(await answer(user, m.campaignCreated));
    },
  );

  app.delete(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Delete a campaign link (its visits and referrals keep their tag)',
        params: campaignIdParams,
        response: { 200: referralLinksResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await deleteCampaign(app.db, user.id, request.params.id);
      return answer(user, m.campaignDeleted);
    },
  );
};

/**
 * `GET /r/{name}`: a partner's short link. Answered with a redirect to their `/referral/{uuid}`
 * landing page with the query kept (`?c=` campaign, `src`, `utm_*`), so the page, its visit count
 * and the lead are the plain link's; an unknown or inactive name gets the helpful 404 page.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/r/:name', { schema: { hide: true, params: z.object({ name: z.string().max(200) }) } }, async (request, reply) => {
    const uuid = await findShortLinkUuid(app.db, request.params.name);
    reply.header('Cache-Control', 'no-cache');
    if (!uuid) {
      const page = await referralNotFoundPage(app.db, `/referral/${request.params.name}`);
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(page ?? m.shortLinkNotFound);
    }
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/referral/${uuid}${query}`, 302);
  });
};
