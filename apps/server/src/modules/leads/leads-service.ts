import { and, eq, fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import {
  estimateSavings,
  normalizeSavingsEstimateInput,
  composeDescription,
  composeTitle,
  consentTextVersion,
  pipelineMessages,
  readCampaignTag,
  readLeadRequest,
  type CreateLeadRequest,
} from '@portal/contract';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db';
import { leadEvents, leads, outbox, referralVisits, users } from '../../db/schema';
import { actsAsAdmin, actsAsPartner } from '../../lib/access';
import type { UserRow } from '../../lib/sessions';
import { saltedHash } from '../../lib/tokens';
import { getBrandSettings, getPublicSettings } from '../settings';
import { getHashSalt } from './hash-salt';
import { badRequest } from '../../lib/errors';
import { PUSH_LEAD } from './crm-push';
import { compileStatement, runCommitted, type Query } from '../../db/group-commit';
import { LEAD_CREATED } from './lead-created';
import { recordLeadEvent, type LeadBrowserContext, type LeadEventBus } from './lead-events';

export type SubmitLeadResult =
  | { outcome: 'created'; leadId: string }
  | { outcome: 'duplicate'; leadId: string }
  /** The honeypot was filled in: answered like a success, nothing stored. */
  | { outcome: 'ignored'; leadId: string };

export interface SubmitLeadContext {
  ip: string;
  /** The signed-in user, if any: a partner's own submissions are credited to that partner. */
  user: UserRow | null;
  /** The app's lead event bus: listeners hear of 'requested_again' (a new lead reaches them through the worker). */
  events?: LeadEventBus | null;
  /**
   * Whether the CRM in use takes leads (CRM=zoho): a new lead then gets its push entry. With
   * CRM=none the lead is stored as `skipped` and costs no outbox row. Default true.
   */
  crmSyncsLeads?: boolean;
  /** The browser's User-Agent header, for the partner's server-side Lead event. */
  userAgent?: string;
  now?: Date;
  /** More for the `created` event (the public API: its key and the consent attestation). */
  eventData?: Record<string, unknown>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The active partner behind a referral link; unknown, malformed or disabled links have none. */
async function findActivePartner(db: DbExecutor, uuid: string): Promise<UserRow | null> {
  if (!uuidPattern.test(uuid)) return null;
  const [partner] = await db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), eq(users.status, 'active'), eq(users.role, 'user')));
  return partner ?? null;
}

/** A partner account (role user, any status) an admin credits a lead to; a 400 on the field otherwise. */
async function findPartnerById(db: DbExecutor, id: number): Promise<UserRow> {
  const [partner] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'user')));
  if (!partner) throw badRequest(pipelineMessages.partnerNotFound, { partner_id: pipelineMessages.partnerNotFound });
  return partner;
}

/** The partner behind the link's uuid in that status, as a subquery (null without one). */
const linkPartnerIdOf = (uuid: Placeholder, status: 'active' | 'disabled') =>
  sql<number>`(select ${users.id} from ${users} where ${users.uuid} = ${uuid}::uuid and ${users.status} = ${status} and ${users.role} = 'user')`;

interface LeadStatementInput {
  lead: PgInsertValue<typeof leads>;
  /** The partner an admin chose or the signed-in partner; else the link's partner is looked up. */
  creditedPartnerId: number | null;
  /** The link's uuid to look its partner up by, or null (credited, or not a uuid). */
  linkUuid: string | null;
  at: Date;
  actorId: number | null;
  actorLabel: string;
  eventData: Record<string, unknown>;
  /** Whether the CRM takes leads: the lead then gets its push entry. */
  syncs: boolean;
  browser: LeadBrowserContext | null;
}

/** The statement's values other than the lead's columns, each a placeholder of the compiled text. */
const slot = {
  creditedPartnerId: sql.placeholder('creditedPartnerId'),
  linkUuid: sql.placeholder('linkUuid'),
  at: sql.placeholder('at'),
  actorId: sql.placeholder('actorId'),
  actorLabel: sql.placeholder('actorLabel'),
  eventData: sql.placeholder('eventData'),
  payload: sql.placeholder('payload'),
};

/**
 * The lead statement compiled once per shape (its lead columns, and whether the CRM takes leads),
 * with a placeholder for every value: drizzle building the CTE for each lead was a tenth of the
 * server's CPU under load (decision 017).
 */
const compiledLeadStatements = new Map<string, Query>();

function leadQuery(db: Database, input: LeadStatementInput): Query {
  const columns = Object.keys(input.lead);
  const key = `${input.syncs}:${columns.join(',')}`;
  let compiled = compiledLeadStatements.get(key);
  if (!compiled) {
    compiled = compileStatement(
      // The same columns as the lead's values, each a placeholder in its place.
      leadStatement(
        db,
        Object.fromEntries(columns.map((c) => [c, sql.placeholder(`lead.${c}`)])) as PgInsertValue<typeof leads>,
        input.syncs,
      ),
    );
    compiledLeadStatements.set(key, compiled);
  }
  const values: Record<string, unknown> = {
    creditedPartnerId: input.creditedPartnerId,
    linkUuid: input.linkUuid,
    at: input.at.toISOString(),
    actorId: input.actorId,
    actorLabel: input.actorLabel,
    eventData: JSON.stringify(input.eventData),
    payload: JSON.stringify(input.browser ? { browser: input.browser } : {}),
  };
  for (const [column, value] of Object.entries(input.lead)) values[`lead.${column}`] = value;
  return { text: compiled.text, params: fillPlaceholders(compiled.params, values) };
}

/**
 * The lead's one statement (a CTE: one round trip, one durable commit): the lead, its `created`
 * event, its CRM push and one `lead.created` entry, from which the worker fans out everything else
 * (lead-created.ts). A duplicate email inserts nothing and returns no row.
 */
function leadStatement(db: Database, lead: PgInsertValue<typeof leads>, syncs: boolean): SQL {
  const at = sql`${slot.at}::timestamptz`;
  const insertLead = db
    .insert(leads)
    .values({
      ...lead,
      // The link's partner is looked up by the insert itself, saving a round trip on the busiest route.
      partnerId: sql<number>`coalesce(${slot.creditedPartnerId}::int, ${linkPartnerIdOf(slot.linkUuid, 'active')})`,
      // Flagged when the link's partner is disabled at this moment (not derived later from the
      // partner's current status: enabling them again must not hide which leads went unattributed).
      disabledPartnerId: linkPartnerIdOf(slot.linkUuid, 'disabled'),
      syncState: syncs ? 'pending' : 'skipped',
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: leads.id, publicId: leads.publicId });
  // drizzle puts an embedded query in parentheses, as a CTE needs.
  return sql`with new_lead as ${insertLead},
    new_event as (
      insert into ${leadEvents} (lead_id, kind, actor_id, actor_label, to_status, visible_to_partner, data, created_at)
      select l.id, 'created', ${slot.actorId}::int, ${slot.actorLabel}::text, 'new', true, ${slot.eventData}::jsonb, ${at}
      from new_lead l
      returning id, lead_id
    )${
      syncs
        ? sql`, push as (
      insert into ${outbox} (action, subject_type, subject_id, lead_id, payload, next_attempt_at, created_at)
      select ${PUSH_LEAD}, 'lead', l.public_id::text, l.id, '{}'::jsonb, ${at}, ${at} from new_lead l
    )`
        : sql``
    }, created as (
      insert into ${outbox} (action, subject_type, subject_id, lead_id, payload, dedupe_key, next_attempt_at, created_at)
      select ${LEAD_CREATED}, 'lead', l.public_id::text, l.id, jsonb_build_object('eventId', e.id) || ${slot.payload}::jsonb,
        ${LEAD_CREATED} || ':' || l.id, ${at}, ${at}
      from new_lead l join new_event e on e.lead_id = l.id
    )
    select l.public_id from new_lead l`;
}

/**
 * Stores the lead, its history event, its CRM push and its `lead.created` entry in one statement and
 * returns at once; the worker, polling on its own schedule, pushes it to the CRM and fans out the rest. One lead per email, case-insensitively, across all partners: the unique index
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
  // Only an active partner, or a user who acts as an admin, submits as themselves; any other token
  // (an application under review, an admin who must still enrol) is handled like an anonymous request.
  const signedInPartner = actsAsPartner(ctx.user) ? ctx.user : null;
  const signedInAdmin = !signedInPartner && (await actsAsAdmin(db, ctx.user)) ? ctx.user : null;
  // An admin may credit the lead to a partner of their choice; anyone else's partner_id is ignored.
  const creditedByAdmin = signedInAdmin && body.partner_id !== undefined ? await findPartnerById(db, body.partner_id) : null;
  const salt = await getHashSalt(db, config.HASH_SALT);
  const at = ctx.now ?? new Date();
  const credited = creditedByAdmin ?? signedInPartner;
  const source = creditedByAdmin ? 'admin' : signedInPartner ? 'portal' : 'landing_page';
  // The merchant, or the partner or admin who submitted for them.
  const submitter = signedInPartner ?? signedInAdmin;
  const actor = submitter ? { actorId: submitter.id, actorLabel: submitter.fullName } : { actorId: null, actorLabel: 'Merchant' };
  const values = {
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
    source,
    estimate: body.estimate ? await computeStoredEstimate(db, body.estimate) : null,
    // Only a lead through a partner's link has come by a campaign link.
    campaign: source === 'landing_page' ? readCampaignTag(body.campaign) : null,
  } satisfies PgInsertValue<typeof leads>;
  const statement = leadQuery(db, {
    lead: values,
    creditedPartnerId: credited?.id ?? null,
    // Without a credited partner, the link's partner is looked up by the statement (malformed links have none).
    linkUuid: !credited && uuidPattern.test(body.uuid) ? body.uuid : null,
    at,
    ...actor,
    eventData: { source, ...ctx.eventData },
    syncs: ctx.crmSyncsLeads ?? true,
    // Only the landing page runs the partner's pixel, so only its leads get a server-side Lead event.
    browser: source === 'landing_page' ? { userAgent: ctx.userAgent ?? '', ...body.tracking } : null,
  });
  // On the embedded database committed together with the leads arriving meanwhile (db/group-commit.ts).
  const rows = (await runCommitted(db, statement)) as { public_id: string }[];
  if (rows[0]) return { outcome: 'created', leadId: rows[0].public_id };

  return db.transaction(async (tx): Promise<SubmitLeadResult> => {
    const [existing] = await tx
      .select({ id: leads.id, publicId: leads.publicId })
      .from(leads)
      .where(sql`lower(${leads.email}) = lower(${body.Email})`);
    if (!existing) throw new Error('lead insert conflicted on something other than the email');
    // Nothing the merchant typed is lost: the repeated request lands on the existing lead's timeline, for admins.
    const matched = creditedByAdmin ?? signedInPartner ?? (await findActivePartner(tx, body.uuid));
    await recordLeadEvent(tx, ctx.events ?? null, {
      leadId: existing.id,
      leadPublicId: existing.publicId,
      kind: 'requested_again',
      ...actor,
      visibleToPartner: false,
      at,
      data: {
        first_name: values.firstName,
        last_name: values.lastName,
        email: values.email,
        company: values.company,
        business_type: values.businessType,
        country_code: input.countryCode,
        phone: values.title,
        notes: input.notes,
        sms_consent: input.smsConsent,
        sms_consent_at: input.smsConsent ? at.toISOString() : null,
        marketing_consent: input.marketingConsent,
        marketing_consent_at: input.marketingConsent ? at.toISOString() : null,
        consent_text_version: values.consentTextVersion,
        referral_uuid: body.uuid,
        matched_partner: matched ? { id: matched.id, name: matched.fullName } : null,
        source: values.source,
      },
    });
    return { outcome: 'duplicate', leadId: existing.publicId };
  });
}

/**
 * The estimate as stored with the lead (issue 12 §2): the server computes it again from what the
 * merchant typed and the program terms in force, rather than taking the page's figures on trust.
 */
async function computeStoredEstimate(db: DbExecutor, given: NonNullable<CreateLeadRequest['estimate']>) {
  const input = normalizeSavingsEstimateInput(given);
  const terms = (await getBrandSettings(db)).dualPricing;
  const computed = estimateSavings(input, terms);
  // The request schema applied the same rules, so this does not happen; refusing keeps it honest.
  if (!computed.ok)
    throw badRequest(
      Object.values(computed.errors)[0]!,
      Object.fromEntries(Object.entries(computed.errors).map(([k, v]) => [`estimate.${k}`, v])),
    );
  return { input, terms, result: computed.estimate };
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
  visit: { uuid: string; ip: string; userAgent: string; source?: string; campaign?: string | null; now?: Date },
): Promise<void> {
  const partner = await findActivePartner(db, visit.uuid);
  if (!partner) return;
  const salt = await getHashSalt(db, config.HASH_SALT);
  const day = (visit.now ?? new Date()).toISOString().slice(0, 10);
  await db
    .insert(referralVisits)
    .values({
      partnerId: partner.id,
      day,
      visitorHash: saltedHash(salt, day, visit.ip, visit.userAgent),
      source: visit.source ?? 'direct',
      campaign: visit.campaign ?? null,
    })
    .onConflictDoNothing();
}
