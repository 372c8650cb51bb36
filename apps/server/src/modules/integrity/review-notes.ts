import { and, asc, eq, inArray } from 'drizzle-orm';
import { integrityMessages as m, type ReviewNote } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { leads, reviewNotes } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';

/** The notes on these referrals, oldest first (the partner's own words; for admins and the note's author). */
export async function notesOfLeads(db: DbExecutor, leadIds: readonly number[]): Promise<ReviewNote[]> {
  if (!leadIds.length) return [];
  const rows = await db
    .select({ at: reviewNotes.createdAt, note: reviewNotes.note, leadId: leads.publicId, business: leads.company })
    .from(reviewNotes)
    .innerJoin(leads, eq(leads.id, reviewNotes.leadId))
    .where(inArray(reviewNotes.leadId, [...leadIds]))
    .orderBy(asc(reviewNotes.id))
    .limit(200);
  return rows.map((r) => ({ at: r.at.toISOString(), lead_id: r.leadId, business: r.business, note: r.note }));
}

async function ownLead(db: DbExecutor, partnerId: number, publicId: string) {
  const [lead] = await db
    .select({ id: leads.id, underReview: leads.underReview })
    .from(leads)
    .where(and(eq(leads.publicId, publicId), eq(leads.partnerId, partnerId)));
  if (!lead) throw notFound(m.referralNotFound);
  return lead;
}

/** GET /leads/mine/{id}/review-notes */
export async function listReviewNotes(db: DbExecutor, partnerId: number, publicId: string) {
  const lead = await ownLead(db, partnerId, publicId);
  return { items: await notesOfLeads(db, [lead.id]) };
}

/**
 * POST /leads/mine/{id}/review-notes: the partner explains a referral that is under review (they never
 * learn why it is); only while it is. Audited.
 */
export async function addReviewNote(db: Database, partnerId: number, publicId: string, note: string) {
  await db.transaction(async (tx) => {
    const lead = await ownLead(tx, partnerId, publicId);
    if (!lead.underReview) throw conflict(m.reviewNoteNotUnderReview);
    const [row] = await tx.insert(reviewNotes).values({ leadId: lead.id, partnerId, note }).returning({ id: reviewNotes.id });
    await recordAudit(tx, {
      actorId: partnerId,
      action: 'integrity.review_note',
      targetType: 'lead',
      targetId: publicId,
      after: { note_id: row!.id },
    });
  });
  return listReviewNotes(db, partnerId, publicId);
}
