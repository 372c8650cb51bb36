import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { proposalRequest } from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { createProposal } from './proposals-service';

/** A PDF; the serializer never sees it. */
const pdfResponse = z.unknown().describe('application/pdf');

/** /proposals: partners only (admins answer 403); a referral of another partner answers 404. */
export const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);

  app.post(
    '/',
    {
      schema: {
        tags: ['proposals'],
        security: [{ bearer: [] }],
        summary: 'A one-page PDF proposal for a merchant (from a referral or from figures the partner fills in)',
        body: proposalRequest,
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await createProposal(app.db, app.config, currentUser(request), request.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('content-length', pdf.length)
        .send(pdf);
    },
  );
};
