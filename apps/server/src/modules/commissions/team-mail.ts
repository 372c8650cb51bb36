import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { teamMessages } from '@portal/contract';
import { merchantAccounts, users } from '../../db/schema';
import { composeMail } from '../../lib/mail-layout';
import type { OutboxHandler } from '../../lib/outbox';
import { getBrandName } from '../settings';
import { teamMerchantMailAction } from './split-service';

/**
 * "Your team member's merchant was approved": queued for each upline with a rate in the chain
 * frozen when the merchant account opened (split-service `freezeChain`), sent here, once.
 */
export function teamMerchantMailer(app: FastifyInstance): void {
  const handler: OutboxHandler = {
    async handle(entry, { db }) {
      const { merchantId, uplineId } = entry.payload as { merchantId: string; uplineId: number };
      const [merchant] = await db
        .select({ business: merchantAccounts.business, member: users.fullName })
        .from(merchantAccounts)
        .innerJoin(users, eq(users.id, merchantAccounts.partnerId))
        .where(eq(merchantAccounts.id, merchantId));
      const [upline] = await db
        .select({ email: users.email, name: users.fullName, status: users.status })
        .from(users)
        .where(eq(users.id, uplineId));
      if (!merchant || !upline || upline.status !== 'active') return;
      await app.mailer.send(
        await composeMail({
          to: { email: upline.email, fullName: upline.name },
          subject: teamMessages.teamMerchantApprovedSubject,
          brand: await getBrandName(db),
          blocks: [
            teamMessages.teamMerchantApprovedBody(merchant.member, merchant.business),
            { label: 'Open My team', href: `${app.config.publicUrl}/team` },
          ],
        }),
      );
    },
  };
  app.outbox.register(teamMerchantMailAction, handler);
}
