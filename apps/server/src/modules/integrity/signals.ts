import { and, eq, sql } from 'drizzle-orm';
import type { IntegritySettings, RiskSignal } from '@portal/contract';
import type { DbExecutor } from '../../db';
import {
  leads,
  merchantAccounts,
  partnerDeviceHashes,
  partnerTeams,
  payoutProfiles,
  referralClaims,
  riskEvents,
  riskItems,
  users,
} from '../../db/schema';
import type { CreatedLead } from '../leads';
import { withoutAccents, type ClaimMatch, type MatchKeys } from './keys';
import { companyDomainOf, emailDomain, isDisposableEmail } from './email-domains';
import { maskEmail, maskPhone } from './masking';

type LeadRow = CreatedLead['lead'];

interface SignalContext {
  lead: LeadRow;
  keys: MatchKeys;
  settings: IntegritySettings;
  matches: ClaimMatch[];
}

/**
 * The fraud signals of a new referral, each as the settings say (on or off; flag, hold the bonus,
 * or block). Hashes and addresses never leave the database: the evidence is masked text.
 * One identity shared by two partners is partner-level, checked when payout details are saved
 * (identity.ts).
 */
export async function detectSignals(tx: DbExecutor, ctx: SignalContext): Promise<void> {
  const { lead, settings } = ctx;
  const partnerId = lead.partnerId!;
  const fired: { signal: RiskSignal; detail: string }[] = [];
  const on = (s: RiskSignal) => settings.signals[s].enabled;

  if (on('self_referral')) {
    // The partner and their team (upline, direct downline, and partners under the same upline): each
    // one's email and names (their own, and the tax form's legal and business names when on file).
    const { rows: people } = await tx.execute<{ id: number; email: string; names: (string | null)[] }>(sql`
      with me as (select upline_id from ${partnerTeams} where partner_id = ${partnerId})
      select u.id, u.email, array[u.full_name, p.tax_form->>'legal_name', p.tax_form->>'business_name'] as names
      from ${users} u left join ${payoutProfiles} p on p.partner_id = u.id
      where u.id = ${partnerId}
         or u.id in (select upline_id from me)
         or u.id in (select partner_id from ${partnerTeams} where upline_id = ${partnerId}
                     or upline_id in (select upline_id from me where upline_id is not null))`);
    const own = people.find((p) => Number(p.id) === partnerId);
    if (own) {
      const merchantName = plainName(lead.company);
      const sameEmail = people.find((p) => p.email.trim().toLowerCase() === ctx.keys.emailKey);
      const sameName =
        merchantName !== '' && people.find((p) => p.names.some((n) => n !== null && plainName(n) === merchantName));
      const partnerDomain = companyDomainOf(own.email.trim().toLowerCase());
      const whose = (p: { id: number }) => (Number(p.id) === partnerId ? "the partner's" : "a team member's");
      if (sameEmail)
        fired.push({ signal: 'self_referral', detail: `Merchant email equals ${whose(sameEmail)}: ${maskEmail(lead.email)}` });
      else if (sameName) fired.push({ signal: 'self_referral', detail: `Business name equals ${whose(sameName)} name` });
      else if (
        partnerDomain &&
        emailDomain(lead.email) === partnerDomain &&
        !settings.domain_exempt_partner_ids.includes(partnerId)
      )
        fired.push({
          signal: 'self_referral',
          detail: `Merchant email domain equals the partner's company domain: ${partnerDomain}`,
        });
    }
  }

  if (
    on('same_device') &&
    lead.source === 'landing_page' &&
    (await seenOnPartnerSessions(tx, partnerId, lead.ipHash, lead.createdAt))
  )
    fired.push({ signal: 'same_device', detail: "Submitted from a network seen on the partner's own sessions within 24 hours" });

  if (on('disposable_email') && isDisposableEmail(lead.email))
    fired.push({ signal: 'disposable_email', detail: `Disposable email domain: ${emailDomain(lead.email)}` });

  if (on('velocity') || (on('re_sign') && ctx.keys.phoneKey)) {
    const since = new Date(lead.createdAt.getTime() - 3_600_000);
    const yearAgo = new Date(lead.createdAt.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
    // One round trip: the partner's leads of the last hour (leads_partner_newest_idx; the visitor's
    // among them by IP hash), and a merchant closed in the last 12 months with this phone.
    const [row] = (
      await tx.execute<{ link: number; visitor: number; resigned: boolean }>(sql`
        select count(*)::int as link, count(*) filter (where ip_hash = ${lead.ipHash} and ip_hash <> '')::int as visitor,
          exists (select 1 from ${referralClaims} c join ${merchantAccounts} m on m.lead_id = c.lead_id
                  where c.phone_key = ${ctx.keys.phoneKey ?? ''} and m.status = 'closed' and m.closed_on >= ${yearAgo}::date) as resigned
        from ${leads} where partner_id = ${partnerId} and created_at > ${since.toISOString()}::timestamptz
          and created_at <= ${lead.createdAt.toISOString()}::timestamptz`)
    ).rows;
    const link = Number(row?.link ?? 0);
    const visitor = Number(row?.visitor ?? 0);
    if (on('velocity') && link > settings.velocity_per_link_per_hour)
      fired.push({
        signal: 'velocity',
        detail: `${link} referrals in an hour on the partner's link (limit ${settings.velocity_per_link_per_hour})`,
      });
    else if (on('velocity') && lead.source === 'landing_page' && visitor > settings.velocity_per_visitor_per_hour)
      fired.push({
        signal: 'velocity',
        detail: `${visitor} referrals in an hour from one visitor (limit ${settings.velocity_per_visitor_per_hour})`,
      });
    if (on('re_sign') && ctx.keys.phoneKey && row?.resigned)
      fired.push({
        signal: 're_sign',
        detail: `Phone of a merchant closed in the last 12 months: ${maskPhone(ctx.keys.phoneKey)}`,
      });
  }

  for (const f of fired) await recordSignal(tx, { partnerId, leadId: lead.id, at: lead.createdAt, ...f, settings });
}

/** Letters and digits only, without accents: "Joe's Café" and "joes cafe" are one name here. */
const plainName = (value: string) =>
  withoutAccents(value)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/**
 * One occurrence of a signal: the partner's open row for it counts one more (or opens), with the
 * evidence beside it; a hold or block puts the referral under review (its bonus is held when the
 * merchant is approved). A partner an admin said not to flag again for this signal is skipped.
 */
export async function recordSignal(
  tx: DbExecutor,
  input: { partnerId: number; leadId: number | null; at: Date; signal: RiskSignal; detail: string; settings: IntegritySettings },
): Promise<void> {
  const [suppressed] = await tx
    .select({ id: riskItems.id })
    .from(riskItems)
    .where(and(eq(riskItems.partnerId, input.partnerId), eq(riskItems.signal, input.signal), eq(riskItems.suppressed, true)))
    .limit(1);
  if (suppressed) return;
  const action = input.settings.signals[input.signal].action;
  const [item] = await tx
    .insert(riskItems)
    .values({ partnerId: input.partnerId, signal: input.signal, action, count: 1, firstSeenAt: input.at, lastSeenAt: input.at })
    .onConflictDoUpdate({
      target: [riskItems.partnerId, riskItems.signal],
      targetWhere: sql`${riskItems.status} = 'open'`,
      set: {
        count: sql`${riskItems.count} + 1`,
        lastSeenAt: sql`greatest(${riskItems.lastSeenAt}, excluded.last_seen_at)`,
        // The strictest action seen wins while the row is open.
        action: sql`case when excluded.action = 'block' or ${riskItems.action} = 'block' then 'block' when excluded.action = 'hold' or ${riskItems.action} = 'hold' then 'hold' else 'flag' end`,
      },
    })
    .returning({ id: riskItems.id });
  await tx.insert(riskEvents).values({ itemId: item!.id, leadId: input.leadId, detail: input.detail, createdAt: input.at });
  if (input.leadId && action !== 'flag') await tx.update(leads).set({ underReview: true }).where(eq(leads.id, input.leadId));
}

/**
 * The same device: a landing referral whose IP hash (salted as every lead's `ip_hash`) was seen on
 * the referring partner's own signed-in sessions within the 24 hours before it.
 */
export async function seenOnPartnerSessions(tx: DbExecutor, partnerId: number, ipHash: string, at: Date): Promise<boolean> {
  if (!ipHash) return false;
  const { rows } = await tx.execute<{ seen: boolean }>(sql`
    select exists (select 1 from ${partnerDeviceHashes} where partner_id = ${partnerId} and ip_hash = ${ipHash}
                   and last_seen_at > ${new Date(at.getTime() - 86_400_000).toISOString()}::timestamptz) as seen`);
  return Boolean(rows[0]?.seen);
}
