import { and, eq, sql } from 'drizzle-orm';
import type { IntegritySettings, RiskSignal } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leads, merchantAccounts, referralClaims, riskEvents, riskItems, users } from '../../db/schema';
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
 * Not here (their data is not on this branch): the same device (no visitor hash is kept for a
 * partner's own sessions) and one identity shared by two partners (partners have no phone,
 * address, TIN or bank account yet).
 */
export async function detectSignals(tx: DbExecutor, ctx: SignalContext): Promise<void> {
  const { lead, settings } = ctx;
  const partnerId = lead.partnerId!;
  const fired: { signal: RiskSignal; detail: string }[] = [];
  const on = (s: RiskSignal) => settings.signals[s].enabled;

  if (on('self_referral')) {
    const [partner] = await tx.select({ email: users.email, name: users.fullName }).from(users).where(eq(users.id, partnerId));
    if (partner) {
      const partnerEmail = partner.email.trim().toLowerCase();
      const sameName = plainName(lead.company) !== '' && plainName(lead.company) === plainName(partner.name);
      const partnerDomain = companyDomainOf(partnerEmail);
      if (ctx.keys.emailKey === partnerEmail)
        fired.push({ signal: 'self_referral', detail: `Merchant email equals the partner's: ${maskEmail(lead.email)}` });
      else if (sameName) fired.push({ signal: 'self_referral', detail: "Business name equals the partner's name" });
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
