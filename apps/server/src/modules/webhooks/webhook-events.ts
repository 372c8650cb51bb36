import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db';
import { leads, merchantAccounts } from '../../db/schema';
import { merchantData, publishIntegrationEvent, publishIntegrationEvents } from '../../lib/integration-events';
import type { CreatedLead, RecordedLeadEvent } from '../leads';

type LeadRow = typeof leads.$inferSelect;

/** A referral as webhooks show it: never the merchant's phone or email (those are `contactOf`). */
export function referralData(lead: LeadRow) {
  return {
    id: lead.publicId,
    company: lead.company,
    contact_name: `${lead.firstName} ${lead.lastName}`.trim(),
    business_type: lead.businessType,
    country_code: lead.countryCode,
    status: lead.status,
    source: lead.source,
    partner_id: lead.partnerId,
    mid: lead.mid,
    created_at: lead.createdAt.toISOString(),
  };
}

/** For endpoints marked to receive contact data only. */
export const contactOf = (lead: LeadRow) => ({ email: lead.email, phone: `+${lead.phoneDigits}` });

/** `referral.created` for a batch of new referrals, from the `lead.created` fan-out (never in the lead's own write). */
export async function onReferralsCreated(tx: DbExecutor, batch: readonly CreatedLead[]): Promise<void> {
  await publishIntegrationEvents(
    tx,
    batch.map(({ lead }) => ({
      type: 'referral.created' as const,
      partnerId: lead.partnerId,
      leadId: lead.id,
      data: { referral: referralData(lead) },
      contact: contactOf(lead),
      at: lead.createdAt,
      dedupeKey: `event:referral.created:${lead.id}`,
    })),
  );
}

/**
 * `referral.status_changed` (`changes.status` as `[old, new]`, with the reason), in the transaction
 * of the move; and `merchant.approved` when the move opened a merchant account (the commissions
 * listener, registered before this one, has opened it by now).
 */
export async function onLeadEvent(tx: DbExecutor, event: RecordedLeadEvent): Promise<void> {
  if (event.kind !== 'status' || !event.toStatus) return;
  const [lead] = await tx.select().from(leads).where(eq(leads.id, event.leadId));
  if (!lead) return;
  await publishIntegrationEvent(tx, {
    type: 'referral.status_changed',
    partnerId: lead.partnerId,
    leadId: lead.id,
    data: {
      referral: referralData(lead),
      changes: { status: [event.fromStatus ?? null, event.toStatus] },
      reason: event.reason ?? null,
    },
    contact: contactOf(lead),
    at: event.createdAt,
    dedupeKey: `event:lead_event:${event.id}`,
  });
  if (event.toStatus !== 'approved') return;
  const [account] = await tx.select().from(merchantAccounts).where(eq(merchantAccounts.leadId, lead.id));
  if (!account) return;
  await publishIntegrationEvent(tx, {
    type: 'merchant.approved',
    partnerId: account.partnerId,
    leadId: lead.id,
    data: { merchant: merchantData(account), referral_id: lead.publicId },
    at: event.createdAt,
    dedupeKey: `event:merchant.approved:${account.id}`,
  });
}
