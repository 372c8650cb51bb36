import { eq, inArray } from 'drizzle-orm';
import { describeSavingsEstimate } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { leads, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { retryFailedEntries, type OutboxEntry, type OutboxHandler, type OutboxHandlers } from '../../lib/outbox';
import type { CrmConnector, CrmLead } from './crm/crm-connector';
import { recordLeadEvent, type LeadEventBus } from './lead-events';

/** Push a lead, then its note, to the CRM. */
export const PUSH_LEAD = 'crm.push_lead';

type LeadRow = typeof leads.$inferSelect;
type Partner = { fullName: string; email: string } | null;

/**
 * The CRM push as an outbox handler. It runs at least once per lead and may run again after a
 * crash, so each step (lead, then note) is recorded on the lead as soon as the CRM answers, and an
 * entry that an earlier attempt may have pushed asks the CRM before creating anything again.
 */
export function createCrmPushHandler(connector: CrmConnector, bus: LeadEventBus | null = null): OutboxHandler {
  /** The push's outcome on the lead's timeline (admins only), by the system. */
  const recordSync = (tx: DbExecutor, lead: { id: number; publicId: string }, data: Record<string, unknown>) =>
    recordLeadEvent(tx, bus, {
      leadId: lead.id,
      leadPublicId: lead.publicId,
      kind: 'crm_sync',
      actorId: null,
      actorLabel: 'System',
      visibleToPartner: false,
      data,
    });

  async function pushLead(
    db: Database,
    entry: OutboxEntry,
    lead: LeadRow,
    partner: Partner,
    log: Parameters<OutboxHandler['handle']>[1]['log'],
  ) {
    // attempts counts this claim too; last_error survives an admin retry, which resets attempts.
    const mayHaveReachedCrm = entry.attempts > 1 || entry.lastError !== null;
    let crmId = lead.crmId;
    if (!crmId) {
      const found = mayHaveReachedCrm ? await connector.findLeadByEmail?.(lead.email) : null;
      const record = found ? { ...found, duplicate: true } : await connector.createLead(toCrmLead(lead), lead.publicId);
      crmId = record.id;
      await db.update(leads).set({ crmId }).where(eq(leads.id, lead.id));
      if (record.duplicate) log.info({ leadId: lead.publicId, crmId }, 'lead linked to an existing CRM record');
    }
    if (!lead.crmNoteId) {
      const title = noteTitle(lead);
      const found = mayHaveReachedCrm ? await connector.findNoteByTitle?.(crmId, title) : null;
      const note = found ?? (await connector.createNote(crmId, title, noteContent(lead, partner)));
      await db.update(leads).set({ crmNoteId: note.id }).where(eq(leads.id, lead.id));
    }
  }

  return {
    group: 'crm',
    async handle(entry, { db, log }) {
      if (!connector.syncsLeads || entry.leadId == null) return;
      const [row] = await db
        .select({ lead: leads, partner: { fullName: users.fullName, email: users.email } })
        .from(leads)
        .leftJoin(users, eq(users.id, leads.partnerId))
        .where(eq(leads.id, entry.leadId));
      if (row) await pushLead(db, entry, row.lead, row.partner, log);
    },
    async onDone(tx, entry) {
      if (entry.leadId == null) return;
      const [lead] = await tx
        .update(leads)
        .set({ syncState: connector.syncsLeads ? 'synced' : 'skipped' })
        .where(eq(leads.id, entry.leadId))
        .returning({ id: leads.id, publicId: leads.publicId, crmId: leads.crmId });
      // With no CRM there is nothing to tell: no event per lead saying so.
      if (lead && connector.syncsLeads) await recordSync(tx, lead, { state: 'synced', crm_id: lead.crmId });
    },
    async onFailed(tx, entry, error) {
      if (entry.leadId == null) return;
      const [lead] = await tx
        .update(leads)
        .set({ syncState: 'failed' })
        .where(eq(leads.id, entry.leadId))
        .returning({ id: leads.id, publicId: leads.publicId });
      if (lead) await recordSync(tx, lead, { state: 'failed', error });
    },
  };
}

/** The outbox handlers of the CRM connector in use. */
export function crmHandlers(connector: CrmConnector): OutboxHandlers {
  return { [PUSH_LEAD]: createCrmPushHandler(connector) };
}

/**
 * Failed CRM pushes (all, or those of these leads' public ids) go back to pending with a fresh
 * budget; with an actor, each lead retried is a `lead.retry` audit row in the same transaction.
 */
export async function retryFailedLeads(db: Database, leadIds?: string[], actorId?: number): Promise<number> {
  const ids = leadIds
    ? (
        await db
          .select({ id: leads.id })
          .from(leads)
          .where(inArray(leads.publicId, leadIds.length ? leadIds : ['00000000-0000-0000-0000-000000000000']))
      ).map((r) => r.id)
    : undefined;
  return retryFailedEntries(db, { actions: [PUSH_LEAD], leadIds: ids }, async (tx, entries) => {
    const leadIdsRetried = entries.map((e) => e.leadId).filter((id): id is number => id != null);
    if (leadIdsRetried.length) await tx.update(leads).set({ syncState: 'pending' }).where(inArray(leads.id, leadIdsRetried));
    if (actorId !== undefined) {
      await recordAudit(
        tx,
        entries.map((e) => ({
          actorId,
          action: 'lead.retry',
          targetType: 'lead',
          targetId: e.subjectId,
          before: { sync_state: 'failed', last_error: e.lastError },
          after: { sync_state: 'pending' },
        })),
      );
    }
  });
}

function toCrmLead(lead: LeadRow): CrmLead {
  return {
    uuid: lead.referralUuid,
    First_Name: lead.firstName,
    Last_Name: lead.lastName,
    Email: lead.email,
    Company: lead.company,
    Business_Type: lead.businessType,
    Title: lead.title,
    Description: lead.description,
  };
}

/** Unique per lead, so a retry can find the note an earlier attempt created. */
export function noteTitle(lead: Pick<LeadRow, 'publicId'>): string {
  return `Partner portal referral ${lead.publicId}`;
}

function noteContent(lead: LeadRow, partner: Partner): string {
  return [
    lead.description,
    '',
    `Referred by: ${partner ? `${partner.fullName} <${partner.email}>` : 'no active partner'}`,
    `Referral link id: ${lead.referralUuid}`,
    `Source: ${lead.source === 'portal' ? 'partner portal' : lead.source === 'admin' ? 'submitted by an admin' : 'referral landing page'}`,
    `Consent text version: ${lead.consentTextVersion}`,
    `Submitted at: ${lead.createdAt.toISOString()}`,
    // The merchant's own savings estimate (issue 12 §2): in the note, never in the lead's Description.
    ...(lead.estimate ? ['', ...describeSavingsEstimate(lead.estimate.input, lead.estimate.result)] : []),
  ].join('\n');
}
