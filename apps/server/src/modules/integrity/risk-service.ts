import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { integrityMessages as m, type RiskItem, type RiskItemDetail } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { leads, riskEvents, riskItems, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { afterCursor, keysetTimestamp, pageOf } from '../../lib/cursor';
import { conflict, notFound } from '../../lib/errors';
import { heldLinesOfLeads, releaseLinesOfLeads, voidHeldLinesOfLeads } from '../commissions';
import { stillHeld } from './conflicts-service';
import { notesOfLeads } from './review-notes';

const itemColumns = {
  item: riskItems,
  partnerName: users.fullName,
  partnerEmail: users.email,
  partnerStatus: users.status,
  cursorAt: keysetTimestamp(riskItems.lastSeenAt),
};

function toItem(row: {
  item: typeof riskItems.$inferSelect;
  partnerName: string;
  partnerEmail: string;
  partnerStatus: string;
}): RiskItem {
  const i = row.item;
  return {
    id: String(i.id),
    partner: { id: i.partnerId, name: row.partnerName, email: row.partnerEmail, status: row.partnerStatus },
    signal: i.signal,
    action: i.action,
    status: i.status,
    count: i.count,
    first_seen_at: i.firstSeenAt.toISOString(),
    last_seen_at: i.lastSeenAt.toISOString(),
    note: i.note,
    suppressed: i.suppressed,
  };
}

/** GET /admin/risk: one row per partner and signal, most recently seen first (open ones by default). */
export async function listRiskItems(
  db: DbExecutor,
  query: { status?: 'open' | 'resolved' | 'voided'; cursor?: string; limit: number },
) {
  const rows = await db
    .select(itemColumns)
    .from(riskItems)
    .innerJoin(users, eq(users.id, riskItems.partnerId))
    .where(and(eq(riskItems.status, query.status ?? 'open'), afterCursor(riskItems.lastSeenAt, riskItems.id, query.cursor)))
    .orderBy(desc(riskItems.lastSeenAt), desc(riskItems.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows.map((r) => ({ ...r, id: r.item.id })),
    query.limit,
  );
  return { items: page.rows.map(toItem), next_cursor: page.nextCursor };
}

async function leadIdsOf(db: DbExecutor, itemId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ leadId: riskEvents.leadId })
    .from(riskEvents)
    .where(and(eq(riskEvents.itemId, itemId), isNotNull(riskEvents.leadId)));
  return rows.map((r) => r.leadId!);
}

/** One row with its evidence (masked when recorded) and the held lines of its referrals. */
export async function getRiskItem(db: DbExecutor, id: number): Promise<RiskItemDetail> {
  const [row] = await db
    .select(itemColumns)
    .from(riskItems)
    .innerJoin(users, eq(users.id, riskItems.partnerId))
    .where(eq(riskItems.id, id));
  if (!row) throw notFound(m.riskNotFound);
  const evidence = await db
    .select({ at: riskEvents.createdAt, detail: riskEvents.detail, leadId: leads.publicId, business: leads.company })
    .from(riskEvents)
    .leftJoin(leads, eq(leads.id, riskEvents.leadId))
    .where(eq(riskEvents.itemId, id))
    .orderBy(desc(riskEvents.id))
    .limit(100);
  const leadIds = await leadIdsOf(db, id);
  const held = await heldLinesOfLeads(db, leadIds);
  return {
    partner_notes: await notesOfLeads(db, leadIds),
    ...toItem(row),
    evidence: evidence.map((e) => ({ at: e.at.toISOString(), lead_id: e.leadId, business: e.business, detail: e.detail })),
    held_lines: held.map((l) => ({ id: l.id, amount_cents: l.amountCents, status: l.status, business: l.business })),
  };
}

async function openItem(tx: DbExecutor, id: number) {
  const [item] = await tx.select().from(riskItems).where(eq(riskItems.id, id)).for('update');
  if (!item) throw notFound(m.riskNotFound);
  if (item.status !== 'open') throw conflict(m.riskClosed);
  return item;
}

/**
 * POST /admin/risk/{id}/resolve: legitimate after all. Its referrals leave review and their lines are
 * released unless something else still holds them; "don't flag again" keeps this signal quiet for
 * this partner from now on. Audited.
 */
export async function resolveRiskItem(
  db: Database,
  id: number,
  input: { note: string; dont_flag_again: boolean },
  actorId: number,
) {
  await db.transaction(async (tx) => {
    const item = await openItem(tx, id);
    const at = new Date();
    await tx
      .update(riskItems)
      .set({ status: 'resolved', note: input.note, suppressed: input.dont_flag_again, closedBy: actorId, closedAt: at })
      .where(eq(riskItems.id, id));
    const free: number[] = [];
    for (const leadId of await leadIdsOf(tx, id)) if (!(await stillHeld(tx, leadId))) free.push(leadId);
    if (free.length) await tx.update(leads).set({ underReview: false }).where(inArray(leads.id, free));
    const released = await releaseLinesOfLeads(tx, free);
    await recordAudit(tx, {
      actorId,
      action: 'integrity.risk_resolve',
      targetType: 'risk_item',
      targetId: id,
      before: { status: item.status },
      after: { status: 'resolved', note: input.note, dont_flag_again: input.dont_flag_again, released_lines: released },
    });
  });
  return getRiskItem(db, id);
}

/** POST /admin/risk/{id}/void: the held lines of its referrals are voided as fraud. Irreversible; audited. */
export async function voidRiskItem(db: Database, id: number, input: { note: string }, actorId: number) {
  await db.transaction(async (tx) => {
    const item = await openItem(tx, id);
    const at = new Date();
    const voided = await voidHeldLinesOfLeads(tx, await leadIdsOf(tx, id), `Fraud: ${input.note}`);
    await tx
      .update(riskItems)
      .set({ status: 'voided', note: input.note, closedBy: actorId, closedAt: at })
      .where(eq(riskItems.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'integrity.risk_void',
      targetType: 'risk_item',
      targetId: id,
      before: { status: item.status },
      after: { status: 'voided', note: input.note, lines: voided.map((l) => ({ id: l.id, amount_cents: l.amountCents })) },
    });
  });
  return getRiskItem(db, id);
}
