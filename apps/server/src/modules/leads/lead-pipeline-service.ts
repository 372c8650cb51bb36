import { and, eq } from 'drizzle-orm';
import { canMoveLead, checkStatusMove, pipelineMessages, type LeadStatus } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { leads, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import type { UserRow } from '../../lib/sessions';
import { recordLeadEvent, type LeadEventBus } from './lead-events';
import { uuidPattern } from './lead-queries';

export interface StatusMoveInput {
  status: LeadStatus;
  /** The status the admin saw; absent in bulk, where each lead is checked against its current status. */
  expected_status?: LeadStatus;
  reason?: string;
  note?: string;
  note_visible_to_partner?: boolean;
  mid?: string;
}

/** The lead, locked for the rest of the transaction, so two moves of one lead cannot interleave. */
async function lockLead(tx: DbExecutor, publicId: string) {
  if (!uuidPattern.test(publicId)) return null;
  const [row] = await tx.select().from(leads).where(eq(leads.publicId, publicId)).for('update');
  return row ?? null;
}

/** PGlite reports a unique violation on the error itself, postgres.js (through Drizzle) on its cause. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  type DbError = { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };
  for (let e = error as DbError | undefined, depth = 0; e && depth < 5; e = e.cause as DbError | undefined, depth++) {
    if (e.code === '23505' && (e.constraint ?? e.constraint_name) === constraint) return true;
  }
  return false;
}

/**
 * Moves a lead to another status in one transaction: the update, a 'status' event (visible to the
 * partner; its note only when the admin said so) and the audit row. A note kept internal is recorded
 * as a separate internal 'note' event, so a status event never carries text the partner may not
 * read and a listener mailing the partner cannot leak it.
 */
export async function moveLeadStatus(
  db: Database,
  bus: LeadEventBus,
  actor: UserRow,
  publicId: string,
  input: StatusMoveInput,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const lead = await lockLead(tx, publicId);
      if (!lead) throw notFound(pipelineMessages.leadNotFound);
      if (input.expected_status && lead.status !== input.expected_status) throw conflict(pipelineMessages.staleStatus);
      if (!canMoveLead(lead.status, input.status))
        throw unprocessable(pipelineMessages.moveNotAllowed(lead.status, input.status));
      const errors = checkStatusMove(input);
      if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);

      const at = new Date();
      const reason = input.status === 'lost' || input.status === 'unqualified' ? input.reason!.trim() : null;
      const note = input.note?.trim() || null;
      const noteVisible = Boolean(note && input.note_visible_to_partner);
      const mid = input.status === 'approved' ? input.mid!.trim() : lead.mid;
      await tx.update(leads).set({ status: input.status, mid, statusChangedAt: at }).where(eq(leads.id, lead.id));
      const actorFields = { leadId: lead.id, leadPublicId: lead.publicId, actorId: actor.id, actorLabel: actor.fullName, at };
      await recordLeadEvent(tx, bus, {
        ...actorFields,
        kind: 'status',
        fromStatus: lead.status,
        toStatus: input.status,
        reason,
        note: noteVisible ? note : null,
        visibleToPartner: true,
        data: input.status === 'approved' ? { mid } : null,
      });
      if (note && !noteVisible) await recordLeadEvent(tx, bus, { ...actorFields, kind: 'note', note, visibleToPartner: false });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'lead.status',
        targetType: 'lead',
        targetId: lead.publicId,
        before: { status: lead.status, mid: lead.mid },
        after: { status: input.status, mid, reason, note, note_visible_to_partner: noteVisible },
      });
    });
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error, 'leads_mid_unique')) {
      throw conflict(pipelineMessages.midTaken, { mid: pipelineMessages.midTaken });
    }
    throw error;
  }
}

export interface BulkResult {
  id: string;
  ok: boolean;
  message?: string;
}

/**
 * The same move for many leads, each in its own transaction and checked against its current
 * status, so one refused lead does not stop the others. Approving needs a MID per lead: refused here.
 */
export async function moveLeadsInBulk(
  db: Database,
  bus: LeadEventBus,
  actor: UserRow,
  input: Omit<StatusMoveInput, 'expected_status' | 'mid'> & { lead_ids: string[] },
): Promise<BulkResult[]> {
  const errors = input.status === 'approved' ? {} : checkStatusMove(input);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  const results: BulkResult[] = [];
  for (const id of new Set(input.lead_ids)) {
    if (input.status === 'approved') {
      results.push({ id, ok: false, message: pipelineMessages.approveOneAtATime });
      continue;
    }
    try {
      await moveLeadStatus(db, bus, actor, id, { ...input, expected_status: undefined });
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return results;
}

/** Credits a lead to a partner (role user), or to nobody; the event records both partners. */
export async function assignLeadPartner(
  db: Database,
  bus: LeadEventBus,
  actor: UserRow,
  publicId: string,
  partnerId: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, publicId);
    if (!lead) throw notFound(pipelineMessages.leadNotFound);
    let to: { id: number; name: string } | null = null;
    if (partnerId !== null) {
      const [partner] = await tx
        .select({ id: users.id, name: users.fullName })
        .from(users)
        .where(and(eq(users.id, partnerId), eq(users.role, 'user')));
      if (!partner) throw new AppError(404, pipelineMessages.partnerNotFound, { partner_id: pipelineMessages.partnerNotFound });
      to = partner;
    }
    if (lead.partnerId === partnerId) return;
    let from: { id: number; name: string } | null = null;
    if (lead.partnerId !== null) {
      const [previous] = await tx.select({ id: users.id, name: users.fullName }).from(users).where(eq(users.id, lead.partnerId));
      from = previous ?? null;
    }
    await tx.update(leads).set({ partnerId }).where(eq(leads.id, lead.id));
    await recordLeadEvent(tx, bus, {
      leadId: lead.id,
      leadPublicId: lead.publicId,
      kind: 'partner',
      actorId: actor.id,
      actorLabel: actor.fullName,
      visibleToPartner: false,
      data: { from, to },
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'lead.partner',
      targetType: 'lead',
      targetId: lead.publicId,
      before: { partner: from },
      after: { partner: to },
    });
  });
}

/**
 * Gives the lead to an admin (the one responsible for working it), or to nobody. The owner must be
 * an active admin; recorded in the audit log like every admin write.
 */
export async function setLeadOwner(db: Database, actor: UserRow, publicId: string, ownerId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, publicId);
    if (!lead) throw notFound(pipelineMessages.leadNotFound);
    let to: { id: number; name: string } | null = null;
    if (ownerId !== null) {
      const [owner] = await tx
        .select({ id: users.id, name: users.fullName })
        .from(users)
        .where(and(eq(users.id, ownerId), eq(users.role, 'admin'), eq(users.status, 'active')));
      if (!owner) throw new AppError(404, pipelineMessages.ownerNotFound, { owner_id: pipelineMessages.ownerNotFound });
      to = owner;
    }
    const [current] = await tx.select({ ownerId: leads.ownerId }).from(leads).where(eq(leads.id, lead.id));
    if ((current?.ownerId ?? null) === ownerId) return;
    await tx.update(leads).set({ ownerId }).where(eq(leads.id, lead.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'lead.owner',
      targetType: 'lead',
      targetId: lead.publicId,
      before: { owner_id: current?.ownerId ?? null },
      after: { owner: to },
    });
  });
}

/** A note on a lead's timeline, internal or visible to its partner. */
export async function addLeadNote(
  db: Database,
  bus: LeadEventBus,
  actor: UserRow,
  publicId: string,
  input: { note: string; visible_to_partner?: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, publicId);
    if (!lead) throw notFound(pipelineMessages.leadNotFound);
    const visible = input.visible_to_partner ?? false;
    const event = await recordLeadEvent(tx, bus, {
      leadId: lead.id,
      leadPublicId: lead.publicId,
      kind: 'note',
      actorId: actor.id,
      actorLabel: actor.fullName,
      note: input.note,
      visibleToPartner: visible,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'lead.note',
      targetType: 'lead',
      targetId: lead.publicId,
      after: { event_id: event.id, note: input.note, visible_to_partner: visible },
    });
  });
}
