import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  campaignTagOf,
  campaignsPerPartnerMax,
  referralLinkMessages as m,
  type CampaignLink,
  type ReferralLinks,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { leads, referralCampaigns, referralShortNames, referralVisits, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

/** The partner's short name, campaign links and each link's all-time figures. */
export async function getReferralLinks(db: DbExecutor, partner: { id: number; uuid: string }): Promise<ReferralLinks> {
  const [shortName, campaigns, visits, referrals] = await Promise.all([
    db.select({ name: referralShortNames.name }).from(referralShortNames).where(eq(referralShortNames.partnerId, partner.id)),
    db
      .select()
      .from(referralCampaigns)
      .where(eq(referralCampaigns.partnerId, partner.id))
      .orderBy(asc(referralCampaigns.createdAt), asc(referralCampaigns.id)),
    db
      .select({ tag: referralVisits.campaign, visits: count() })
      .from(referralVisits)
      .where(and(eq(referralVisits.partnerId, partner.id), isNotNull(referralVisits.campaign)))
      .groupBy(referralVisits.campaign),
    db
      .select({
        tag: leads.campaign,
        referrals: count(),
        approved: sql<number>`count(*) filter (where ${leads.status} = 'approved')`.mapWith(Number),
      })
      .from(leads)
      .where(and(eq(leads.partnerId, partner.id), isNotNull(leads.campaign)))
      .groupBy(leads.campaign),
  ]);
  const visitsByTag = new Map(visits.map((row) => [row.tag, row.visits]));
  const leadsByTag = new Map(referrals.map((row) => [row.tag, row]));
  return {
    uuid: partner.uuid,
    short_name: shortName[0]?.name ?? null,
    campaigns: campaigns.map((c): CampaignLink => ({
      id: c.id,
      name: c.name,
      tag: c.tag,
      created_at: c.createdAt.toISOString(),
      visits: visitsByTag.get(c.tag) ?? 0,
      referrals: leadsByTag.get(c.tag)?.referrals ?? 0,
      approved: leadsByTag.get(c.tag)?.approved ?? 0,
    })),
  };
}

/**
 * Sets (or with null removes) the partner's short name. The unique index on the lower-cased name
 * decides between two partners asking for the same one at once: the loser gets the field's 409.
 */
export async function setShortName(db: Database, partnerId: number, name: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(referralShortNames).where(eq(referralShortNames.partnerId, partnerId));
    if (name === null) return;
    const inserted = await tx
      .insert(referralShortNames)
      .values({ partnerId, name })
      .onConflictDoNothing()
      .returning({ name: referralShortNames.name });
    if (!inserted.length) throw conflict(m.shortNameTaken, { short_name: m.shortNameTaken });
  });
}

export async function createCampaign(db: Database, partnerId: number, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises a partner's creations, so the cap holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('referral_campaigns'), ${partnerId})`);
    const [existing] = await tx.select({ n: count() }).from(referralCampaigns).where(eq(referralCampaigns.partnerId, partnerId));
    if ((existing?.n ?? 0) >= campaignsPerPartnerMax) throw conflict(m.campaignLimit, { name: m.campaignLimit });
    const inserted = await tx
      .insert(referralCampaigns)
      .values({ partnerId, name, tag: campaignTagOf(name) })
      .onConflictDoNothing()
      .returning({ id: referralCampaigns.id });
    if (!inserted.length) throw conflict(m.campaignTaken, { name: m.campaignTaken });
  });
}

/** Deletes the link; the visits and leads keep their tag (creating it again brings its figures back). */
export async function deleteCampaign(db: DbExecutor, partnerId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(referralCampaigns)
    .where(and(eq(referralCampaigns.id, id), eq(referralCampaigns.partnerId, partnerId)))
    .returning({ id: referralCampaigns.id });
  if (!deleted.length) throw notFound(m.campaignNotFound);
}

/** The active partner's uuid behind a short name, whatever its case; null for none. */
export async function findShortLinkUuid(db: DbExecutor, name: string): Promise<string | null> {
  const [row] = await db
    .select({ uuid: users.uuid })
    .from(referralShortNames)
    .innerJoin(users, eq(users.id, referralShortNames.partnerId))
    .where(and(sql`lower(${referralShortNames.name}) = lower(${name})`, eq(users.status, 'active'), eq(users.role, 'user')));
  return row?.uuid ?? null;
}
