import { and, eq, inArray, sql } from 'drizzle-orm';
import { integrityMessages, type IntegritySettings } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leads, normalizedName, referralClaims, referralConflicts } from '../../db/schema';
import { recordLeadEvent, type CreatedLead, type LeadEventBus } from '../leads';
import { companyDomainOf } from './email-domains';
import { getIntegritySettings } from './integrity-settings';
import { withoutAccents, type ClaimMatch, type MatchKeys } from './keys';
import { detectSignals } from './signals';

/** The advisory lock that serialises claims (an arbitrary constant of this module). */
const claimLockKey = 2_025_112_501;

/** Names at least this similar (pg_trgm, 0–1) count as the same business, in the same country. */
export const nameSimilarity = 0.8;

/** The trigram index finds names above the session's threshold: ours, for the transaction only. */
const thresholdSetting = sql`set_config('pg_trgm.similarity_threshold', ${String(nameSimilarity)}, true)`;

/**
 * Claims and merchants-from-referrals matching these keys: each key reads its own index (btree on
 * phone, email and domain, the trigram index on the name) and the union is joined to its leads by
 * primary key, so the cost does not grow with the number of claims.
 */
export async function findMatches(
  tx: DbExecutor,
  keys: MatchKeys,
  excludeLeadId: number | null,
  opts: { thresholdSet?: boolean } = {},
): Promise<ClaimMatch[]> {
  const parts = [];
  if (keys.phoneKey) parts.push(sql`select lead_id from ${referralClaims} where phone_key = ${keys.phoneKey}`);
  if (keys.emailKey) parts.push(sql`select lead_id from ${referralClaims} where email_key = ${keys.emailKey}`);
  if (keys.domainKey) parts.push(sql`select lead_id from ${referralClaims} where domain_key = ${keys.domainKey}`);
  const nameKey = keys.name ? normalizedName(sql`${withoutAccents(keys.name)}::text`) : null;
  if (nameKey && keys.countryCode)
    parts.push(
      sql`select lead_id from ${referralClaims} where name_key % ${nameKey} and country_code = ${keys.countryCode} and similarity(name_key, ${nameKey}) >= ${nameSimilarity}`,
    );
  if (!parts.length) return [];
  // The trigram index finds names above the session's threshold: ours, for this transaction only.
  if (nameKey && !opts.thresholdSet) await tx.execute(sql`select ${thresholdSetting}`);
  const { rows } = await tx.execute<{
    lead_id: number;
    partner_id: number;
    state: string;
    window_ends_at: string | Date;
    submitted_at: string | Date;
    lead_status: string;
    merchant_status: string | null;
    phone: boolean;
    email: boolean;
    domain: boolean;
    name: boolean;
  }>(sql`
    select c.lead_id, c.partner_id, c.state, c.window_ends_at, c.submitted_at, l.status as lead_status, ma.status as merchant_status,
      c.phone_key = ${keys.phoneKey ?? ''} as phone,
      c.email_key = ${keys.emailKey ?? ''} as email,
      coalesce(c.domain_key = ${keys.domainKey ?? ''}, false) as domain,
      ${nameKey && keys.countryCode ? sql`(c.country_code = ${keys.countryCode} and similarity(c.name_key, ${nameKey}) >= ${nameSimilarity})` : sql`false`} as name
    from ${referralClaims} c join ${leads} l on l.id = c.lead_id left join merchant_accounts ma on ma.lead_id = c.lead_id
    where c.lead_id in (${sql.join(parts, sql` union `)})
      ${excludeLeadId ? sql`and c.lead_id <> ${excludeLeadId}` : sql``}
    order by c.submitted_at, c.lead_id
    limit 50`);
  return rows.map((r) => ({
    leadId: Number(r.lead_id),
    partnerId: Number(r.partner_id),
    state: r.state,
    windowEndsAt: new Date(r.window_ends_at),
    submittedAt: new Date(r.submitted_at),
    leadStatus: r.lead_status,
    merchantStatus: r.merchant_status,
    matchedOn: (['phone', 'email', 'domain', 'name'] as const).filter((k) => r[k]),
  }));
}

/** A match that owns the business now: an approved merchant, or a claim inside its window. */
export function owns(match: ClaimMatch, at: Date): 'merchant' | 'window' | null {
  if (match.leadStatus === 'approved') {
    if (match.merchantStatus === 'closed') return null;
    if (!['rejected', 'lost', 'not_eligible'].includes(match.state)) return 'merchant';
  }
  if ((match.state === 'active' || match.state === 'conflict') && match.windowEndsAt > at) return 'window';
  return null;
}

const addDays = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000);

/**
 * A new credited referral, heard from the worker once the lead is stored (never in the lead's own
 * statement): its claim, the match against open claims and merchants, and the fraud signals.
 * Runs in the transaction that marks the `lead.created` entry done, so it happens exactly once.
 */
export async function onLeadCreated(tx: DbExecutor, bus: LeadEventBus | null, created: CreatedLead): Promise<void> {
  const { lead } = created;
  if (!lead.partnerId) return;
  // One claim at a time: the worker fans out several new leads side by side, and two referrals of
  // one business handled concurrently would each miss the other's uncommitted claim. Held to the
  // end of this transaction; the lead's own write never waits on it.
  // With the trigram threshold of this transaction's name match, in the same round trip.
  await tx.execute(sql`select pg_advisory_xact_lock(${claimLockKey}), ${thresholdSetting}`);
  const settings = await getIntegritySettings(tx);
  const at = lead.createdAt;
  const keys: MatchKeys = {
    phoneKey: `${lead.countryCode}${lead.phoneDigits}`,
    emailKey: lead.email.trim().toLowerCase(),
    domainKey: companyDomainOf(lead.email),
    name: lead.company,
    countryCode: lead.countryCode,
  };
  const matches = await findMatches(tx, keys, lead.id, { thresholdSet: true });
  const { state, conflictWith } = decide(matches, lead.partnerId, at, settings);
  const inserted = await tx
    .insert(referralClaims)
    .values({
      leadId: lead.id,
      partnerId: lead.partnerId,
      phoneKey: keys.phoneKey!,
      emailKey: keys.emailKey!,
      domainKey: keys.domainKey,
      nameKey: normalizedName(sql`${withoutAccents(lead.company)}::text`),
      countryCode: lead.countryCode,
      state,
      submittedAt: at,
      windowEndsAt: addDays(at, settings.window_days),
    })
    .onConflictDoNothing()
    .returning({ leadId: referralClaims.leadId });
  if (!inserted.length) return; // heard before
  if (state === 'conflict' && conflictWith) {
    // The sides in submission order, whichever the worker heard of first.
    const newIsLater =
      conflictWith.submittedAt < at || (conflictWith.submittedAt.getTime() === at.getTime() && conflictWith.leadId < lead.id);
    await tx
      .insert(referralConflicts)
      .values({
        firstLeadId: newIsLater ? conflictWith.leadId : lead.id,
        secondLeadId: newIsLater ? lead.id : conflictWith.leadId,
        matchedOn: conflictWith.matchedOn,
        createdAt: at,
      })
      .onConflictDoNothing();
    await tx.update(referralClaims).set({ state: 'conflict' }).where(eq(referralClaims.leadId, conflictWith.leadId));
    await tx
      .update(leads)
      .set({ underReview: true })
      .where(inArray(leads.id, [lead.id, conflictWith.leadId]));
  }
  if (state === 'not_eligible') {
    await recordLeadEvent(tx, bus, {
      leadId: lead.id,
      leadPublicId: lead.publicId,
      kind: 'note',
      actorId: null,
      actorLabel: 'System',
      note: integrityMessages.alreadyCustomer,
      visibleToPartner: true,
      at,
    });
  }
  await detectSignals(tx, { lead, keys, settings, matches });
}

/**
 * What a new claim is: `not_eligible` when it matches a merchant (and the existing-customer rule is
 * on), `conflict` when another partner holds the business inside their window (the earliest such
 * claim is the first side), else `active`. A partner's own earlier referral is no conflict.
 */
export function decide(
  matches: ClaimMatch[],
  partnerId: number,
  at: Date,
  settings: Pick<IntegritySettings, 'existing_customer_rule'>,
): { state: 'active' | 'conflict' | 'not_eligible'; conflictWith: ClaimMatch | null } {
  if (settings.existing_customer_rule && matches.some((m) => owns(m, at) === 'merchant'))
    return { state: 'not_eligible', conflictWith: null };
  const other = matches.find((m) => m.partnerId !== partnerId && owns(m, at) === 'window');
  if (other) return { state: 'conflict', conflictWith: other };
  return { state: 'active', conflictWith: null };
}

/** A status move extends the owner's window (issue 25: "extended while the referral is moving"). */
export async function extendWindow(tx: DbExecutor, leadId: number, at: Date): Promise<void> {
  const settings = await getIntegritySettings(tx);
  if (!settings.extend_while_moving) return;
  await tx
    .update(referralClaims)
    .set({
      windowEndsAt: sql`greatest(${referralClaims.windowEndsAt}, ${addDays(at, settings.window_days).toISOString()}::timestamptz)`,
      warnedAt: null,
    })
    .where(and(eq(referralClaims.leadId, leadId), inArray(referralClaims.state, ['active', 'conflict'])));
}
