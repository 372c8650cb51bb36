import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { integrityMessages as m, type Conflict, type ConflictDecisionRequest, type ConflictSide } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { leads, referralClaims, referralConflicts, referralVisits, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { afterCursor, keysetTimestamp, pageOf } from '../../lib/cursor';
import { conflict as conflictError, notFound } from '../../lib/errors';
import { holdLinesOfLeads, releaseLinesOfLeads, splitBonusOfLead } from '../commissions';
import { getIntegritySettings } from './integrity-settings';
import { queueIntegrityMail } from './integrity-mails';
import { notesOfLeads } from './review-notes';

const firstLead = alias(leads, 'first_lead');
const secondLead = alias(leads, 'second_lead');
const decider = alias(users, 'decider');

type LeadRow = typeof leads.$inferSelect;

async function sideOf(db: DbExecutor, lead: LeadRow): Promise<ConflictSide> {
  const [partner] = lead.partnerId
    ? await db.select({ id: users.id, name: users.fullName, email: users.email }).from(users).where(eq(users.id, lead.partnerId))
    : [];
  // The link's first visit of the lead's day (visits are kept per UTC day and visitor hash, no address).
  const [visit] =
    lead.partnerId && lead.source === 'landing_page'
      ? await db
          .select({ createdAt: referralVisits.createdAt, source: referralVisits.source })
          .from(referralVisits)
          .where(
            and(
              eq(referralVisits.partnerId, lead.partnerId),
              eq(referralVisits.day, lead.createdAt.toISOString().slice(0, 10)),
              sql`${referralVisits.createdAt} <= ${lead.createdAt.toISOString()}::timestamptz`,
            ),
          )
          .orderBy(referralVisits.createdAt)
          .limit(1)
      : [];
  return {
    lead_id: lead.publicId,
    business: lead.company,
    contact: [lead.firstName, lead.lastName].filter(Boolean).join(' '),
    email: lead.email,
    phone: lead.title,
    status: lead.status,
    partner: partner ?? null,
    submitted_at: lead.createdAt.toISOString(),
    source: lead.source,
    visit_source: visit?.source ?? null,
    first_visit_at: visit?.createdAt.toISOString() ?? null,
    consent: {
      sms: lead.smsConsent,
      sms_at: lead.smsConsentAt?.toISOString() ?? null,
      marketing: lead.marketingConsent,
      marketing_at: lead.marketingConsentAt?.toISOString() ?? null,
      text_version: lead.consentTextVersion,
    },
    partner_notes: await notesOfLeads(db, [lead.id]),
  };
}

type ConflictRow = typeof referralConflicts.$inferSelect;

async function toConflict(
  db: DbExecutor,
  row: { conflict: ConflictRow; first: LeadRow; second: LeadRow; deciderName: string | null },
  ownerRule: 'first_valid' | 'latest',
): Promise<Conflict> {
  const c = row.conflict;
  return {
    id: String(c.id),
    status: c.status,
    matched_on: c.matchedOn,
    created_at: c.createdAt.toISOString(),
    suggested: ownerRule === 'latest' ? 'second' : 'first',
    first: await sideOf(db, row.first),
    second: await sideOf(db, row.second),
    decision: c.decision,
    first_share_bps: c.firstShareBps,
    reason: c.reason,
    decided_by: row.deciderName,
    decided_at: c.decidedAt?.toISOString() ?? null,
  };
}

function selectConflicts(db: DbExecutor) {
  return db
    .select({
      conflict: referralConflicts,
      first: firstLead,
      second: secondLead,
      deciderName: decider.fullName,
      cursorAt: keysetTimestamp(referralConflicts.createdAt),
    })
    .from(referralConflicts)
    .innerJoin(firstLead, eq(firstLead.id, referralConflicts.firstLeadId))
    .innerJoin(secondLead, eq(secondLead.id, referralConflicts.secondLeadId))
    .leftJoin(decider, eq(decider.id, referralConflicts.decidedBy));
}

/** GET /admin/conflicts: newest first, open ones by default. */
export async function listConflicts(db: DbExecutor, query: { status?: 'open' | 'decided'; cursor?: string; limit: number }) {
  const rows = await selectConflicts(db)
    .where(
      and(
        eq(referralConflicts.status, query.status ?? 'open'),
        afterCursor(referralConflicts.createdAt, referralConflicts.id, query.cursor),
      ),
    )
    .orderBy(desc(referralConflicts.createdAt), desc(referralConflicts.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows.map((r) => ({ ...r, id: r.conflict.id })),
    query.limit,
  );
  const { owner_rule } = await getIntegritySettings(db);
  const items = [];
  for (const row of page.rows) items.push(await toConflict(db, row, owner_rule));
  return { items, next_cursor: page.nextCursor };
}

export async function getConflict(db: DbExecutor, id: number): Promise<Conflict> {
  const [row] = await selectConflicts(db).where(eq(referralConflicts.id, id));
  if (!row) throw notFound(m.conflictNotFound);
  return toConflict(db, row, (await getIntegritySettings(db)).owner_rule);
}

/**
 * POST /admin/conflicts/{id}/decision. Award to one (the other's claim is lost, its lines stay held),
 * split (both claims stand; the owner's bonus is shared, see splitBonusOfLead), or reject both
 * (both held). Both partners get a neutral mail that never names the other; audited.
 */
export async function decideConflict(
  db: Database,
  id: number,
  input: ConflictDecisionRequest,
  actorId: number,
): Promise<Conflict> {
  await db.transaction(async (tx) => {
    const [c] = await tx.select().from(referralConflicts).where(eq(referralConflicts.id, id)).for('update');
    if (!c) throw notFound(m.conflictNotFound);
    if (c.status !== 'open') throw conflictError(m.conflictDecided);
    const at = new Date();
    const both = [c.firstLeadId, c.secondLeadId];
    const leadRows = await tx.select().from(leads).where(inArray(leads.id, both));
    const first = leadRows.find((l) => l.id === c.firstLeadId)!;
    const second = leadRows.find((l) => l.id === c.secondLeadId)!;
    const firstShareBps = input.decision === 'split' ? (input.first_share_pct ?? 50) * 100 : null;

    const setClaim = (leadId: number, state: 'active' | 'lost' | 'rejected') =>
      tx.update(referralClaims).set({ state }).where(eq(referralClaims.leadId, leadId));
    const winners: LeadRow[] = [];
    const losers: LeadRow[] = [];
    if (input.decision === 'award_first') {
      winners.push(first);
      losers.push(second);
    } else if (input.decision === 'award_second') {
      winners.push(second);
      losers.push(first);
    } else if (input.decision === 'split') winners.push(first, second);
    else losers.push(first, second);

    for (const w of winners) await setClaim(w.id, 'active');
    for (const l of losers) await setClaim(l.id, input.decision === 'reject_both' ? 'rejected' : 'lost');
    await tx
      .update(referralConflicts)
      .set({
        status: 'decided',
        decision: input.decision,
        firstShareBps,
        reason: input.reason,
        decidedBy: actorId,
        decidedAt: at,
      })
      .where(eq(referralConflicts.id, id));

    // Winners leave review unless another open conflict or a held risk still holds them.
    for (const w of winners)
      if (!(await stillHeld(tx, w.id))) await tx.update(leads).set({ underReview: false }).where(eq(leads.id, w.id));
    await releaseLinesOfLeads(
      tx,
      (await Promise.all(winners.map(async (w) => ((await stillHeld(tx, w.id)) ? null : w.id)))).filter(
        (x): x is number => x !== null,
      ),
    );
    await holdLinesOfLeads(
      tx,
      losers.map((l) => l.id),
      'conflict',
    );
    if (input.decision === 'split') {
      // The referral that became (or becomes) the merchant keeps the account; the other shares its bonus.
      const owner = second.status === 'approved' && first.status !== 'approved' ? second : first;
      const other = owner === first ? second : first;
      const ownerBps = owner === first ? firstShareBps! : 10_000 - firstShareBps!;
      if (other.partnerId)
        await splitBonusOfLead(tx, { leadId: owner.id, otherPartnerId: other.partnerId, ownerShareBps: ownerBps, actorId });
    }

    for (const lead of [first, second]) {
      if (!lead.partnerId) continue;
      const won = winners.includes(lead);
      const sharePct = input.decision === 'split' ? (lead === first ? firstShareBps! / 100 : 100 - firstShareBps! / 100) : null;
      await queueIntegrityMail(tx, {
        key: `conflict:${id}:${lead.id}`,
        partnerId: lead.partnerId,
        subject: won ? m.mailAwardedSubject : input.decision === 'reject_both' ? m.mailRejectedSubject : m.mailEarlierSubject,
        body: won
          ? sharePct !== null
            ? m.mailSplit(lead.company, sharePct)
            : m.mailAwarded(lead.company)
          : input.decision === 'reject_both'
            ? m.mailRejected(lead.company)
            : m.mailEarlier(lead.company),
        leadPublicId: lead.publicId,
        at,
      });
    }
    await recordAudit(tx, {
      actorId,
      action: 'integrity.conflict_decision',
      targetType: 'referral_conflict',
      targetId: id,
      before: { status: 'open' },
      after: {
        decision: input.decision,
        reason: input.reason,
        first_share_bps: firstShareBps,
        first_lead: first.publicId,
        second_lead: second.publicId,
      },
    });
  });
  return getConflict(db, id);
}

/** Whether a referral is still held by something else: an open conflict, or an open hold on its partner's risk. */
export async function stillHeld(tx: DbExecutor, leadId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ held: boolean }>(sql`
    select exists (select 1 from ${referralConflicts} where status = 'open' and (first_lead_id = ${leadId} or second_lead_id = ${leadId}))
      or exists (select 1 from risk_events e join risk_items i on i.id = e.item_id
                 where e.lead_id = ${leadId} and i.status = 'open' and i.action <> 'flag')
      or exists (select 1 from ${referralClaims} where lead_id = ${leadId} and state in ('lost', 'rejected', 'not_eligible')) as held`);
  return Boolean(rows[0]?.held);
}

/** Whether an open risk item whose action is block covers this referral. */
export async function isBlocked(tx: DbExecutor, leadId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ blocked: boolean }>(sql`
    select exists (select 1 from risk_events e join risk_items i on i.id = e.item_id
                   where e.lead_id = ${leadId} and i.status = 'open' and i.action = 'block') as blocked`);
  return Boolean(rows[0]?.blocked);
}
