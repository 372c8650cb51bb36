import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { commissionMessages, formatCents } from '@portal/contract';
import { statements, users } from '../../db/schema';
import { composeMail } from '../../lib/mail-layout';
import type { OutboxHandler } from '../../lib/outbox';
import { getBrandName } from '../settings';
import { onLeadEvent } from './merchant-service';
import { statementMailAction } from './statement-service';
import { teamMerchantMailer } from './team-mail';

export { commissionsAdminRoutes, commissionsRoutes, partnerTeamRoutes } from './commissions-routes';
export { checkRecruitLink, joinTeam } from './team-service';
export { approvalEarnings } from './earnings-service';
export { openMerchantAccount } from './merchant-service';

/**
 * Commissions' reactions: an approved referral becomes a merchant account with a pending bonus (in
 * the move's transaction, through the lead event bus), and the "statement is ready" mail that
 * publishing queues in the outbox. Registered once, from app.ts.
 */
export const commissionsPlugin: FastifyPluginAsync = async (app) => {
  app.leadEvents.on(onLeadEvent);
  const handler: OutboxHandler = {
    async handle(entry, { db }) {
      const { statementId } = entry.payload as { statementId: string };
      const [row] = await db
        .select({ statement: statements, email: users.email, name: users.fullName, status: users.status })
        .from(statements)
        .innerJoin(users, eq(users.id, statements.partnerId))
        .where(eq(statements.id, statementId));
      if (!row || row.status !== 'active' || row.statement.status === 'draft') return;
      const brand = await getBrandName(db);
      const s = row.statement;
      const link = `${app.config.publicUrl}/compensation/statements/${s.id}`;
      await app.mailer.send(
        await composeMail({
          to: { email: row.email, fullName: row.name },
          subject: commissionMessages.statementReadySubject(s.month),
          brand,
          blocks: [
            commissionMessages.statementReadyBody(s.month, formatCents(s.totalCents, s.currency)),
            { label: 'View the statement', href: link },
          ],
        }),
      );
    },
  };
  app.outbox.register(statementMailAction, handler);
  teamMerchantMailer(app);
};
export {
  blockLinesOfLeads,
  heldLinesOfLeads,
  holdLinesOfLeads,
  releaseLinesOfLeads,
  splitBonusOfLead,
  voidHeldLinesOfLeads,
} from './risk-hold-service';
export { effectivePlans, getCurrency } from './plan-service';
