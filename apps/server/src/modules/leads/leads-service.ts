import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import {
  composeDescription,
  composeTitle,
  consentTextVersion,
  readLeadRequest,
  type CreateLeadRequest,
} from '@portal/contract';
import type { Config } from '../../config';
import type { Database } from '../../db';
import { leads, outbox, referralVisits, users } from '../../db/schema';
import type { UserRow } from '../../lib/sessions';
import { saltedHash } from '../../lib/tokens';
import { getPublicSettings } from '../settings/settings-service';
import { getHashSalt } from './hash-salt';
import { notifyOutbox } from './outbox-events';
import { PUSH_LEAD } from './outbox-worker';

export type SubmitLeadResult =
  | { outcome: 'created'; leadId: string }
  | { outcome: 'duplicate'; leadId: string }
  /** The honeypot was filled in: answered like a success, nothing stored. */
  | { outcome: 'ignored'; leadId: string };

export interface SubmitLeadContext {
  ip: string;
  /** The signed-in user, if any: a partner's own submissions are credited to that partner. */
  user: UserRow | null;
  now?: Date;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The active partner behind a referral link; unknown, malformed or disabled links have none. */
async function findActivePartner(db: Database, uuid: string): Promise<UserRow | null> {
  if (!uuidPattern.test(uuid)) return null;
  const [partner] = await db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), eq(users.status, 'active'), eq(users.role, 'user')));
  return partner ?? null;
}

/** The same lookup as a subquery of the lead insert, saving a round trip on the busiest route. */
function activePartnerIdOf(uuid: string) {
  if (!uuidPattern.test(uuid)) return null;
  return sql<number>`(select ${users.id} from ${users} where ${users.uuid} = ${uuid} and ${users.status} = 'active' and ${users.role} = 'user')`;
}

/**
 * Stores the lead and its outbox entry in one transaction and returns at once; the worker pushes
 * it to the CRM. One lead per email, case-insensitively, across all partners: the unique index
 * decides, so two simultaneous submissions cannot both get in.
 */
export async function submitLead(
  db: Database,
  config: Config,
  body: CreateLeadRequest,
  ctx: SubmitLeadContext,
): Promise<SubmitLeadResult> {
  if (body.website?.trim()) return { outcome: 'ignored', leadId: crypto.randomUUID() };

  const { input } = readLeadRequest(body);
  const signedInPartner = ctx.user?.role === 'user' ? ctx.user : null;
  const salt = await getHashSalt(db, config.HASH_SALT);
  const at = ctx.now ?? new Date();
  const values: PgInsertValue<typeof leads> = {
    partnerId: signedInPartner?.id ?? activePartnerIdOf(body.uuid),
    referralUuid: body.uuid,
    firstName: body.First_Name,
    lastName: body.Last_Name ?? '',
    email: body.Email,
    company: body.Company,
    businessType: body.Business_Type,
    countryCode: input.countryCode,
    phoneDigits: input.phoneNumber,
    // Recomposed from the data, so the CRM text always matches the consent stored beside it.
    title: composeTitle(input.countryCode, input.phoneNumber),
    notes: input.notes,
    description: composeDescription(input),
    smsConsent: input.smsConsent,
    smsConsentAt: input.smsConsent ? at : null,
    marketingConsent: input.marketingConsent,
    marketingConsentAt: input.marketingConsent ? at : null,
    consentTextVersion: body.consentTextVersion?.trim() || (await currentConsentTextVersion(db, config)),
    ipHash: saltedHash(salt, ctx.ip),
    source: signedInPartner ? 'portal' : 'landing_page',
    createdAt: at,
    updatedAt: at,
  };

  const result = await db.transaction(async (tx): Promise<SubmitLeadResult> => {
    const [lead] = await tx.insert(leads).values(values).onConflictDoNothing().returning({ id: leads.id, publicId: leads.publicId });
    if (!lead) {
      const [existing] = await tx
        .select({ publicId: leads.publicId })
        .from(leads)
        .where(sql`lower(${leads.email}) = lower(${body.Email})`);
      if (!existing) throw new Error('lead insert conflicted on something other than the email');
      return { outcome: 'duplicate', leadId: existing.publicId };
    }
    await tx.insert(outbox).values({ leadId: lead.id, action: PUSH_LEAD, payload: {}, nextAttemptAt: at });
    return { outcome: 'created', leadId: lead.publicId };
  });
  if (result.outcome === 'created') notifyOutbox(db);
  return result;
}

/** The version of the consent text this server shows now; clients that know what they showed send theirs. */
async function currentConsentTextVersion(db: Database, config: Config): Promise<string> {
  const { supportPhone } = await getPublicSettings(db, config);
  return consentTextVersion(supportPhone);
}

/** The landing page's public view of a link: the partner's Pixel ID, '' for unknown or disabled partners. */
export async function getReferralPage(db: Database, uuid: string): Promise<{ facebook_pixel_id: string }> {
  const partner = await findActivePartner(db, uuid);
  return { facebook_pixel_id: partner?.facebookPixelId ?? '' };
}

/**
 * Counts a visit to a partner's link: one row per partner, UTC day and visitor, where the visitor is
 * a salted hash of day, IP and user agent, so no IP is kept and the same visitor cannot be followed
 * from one day to the next.
 */
export async function recordReferralVisit(
  db: Database,
  config: Config,
  visit: { uuid: string; ip: string; userAgent: string; now?: Date },
): Promise<void> {
  const partner = await findActivePartner(db, visit.uuid);
  if (!partner) return;
  const salt = await getHashSalt(db, config.HASH_SALT);
  const day = (visit.now ?? new Date()).toISOString().slice(0, 10);
  await db
    .insert(referralVisits)
    .values({ partnerId: partner.id, day, visitorHash: saltedHash(salt, day, visit.ip, visit.userAgent) })
    .onConflictDoNothing();
}
