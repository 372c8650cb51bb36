import { and, eq, inArray } from 'drizzle-orm';
import { formatBps, formatCents } from '@portal/contract';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db';
import { leadAttachments, leadEvents, leads, users } from '../../db/schema';
import { isAdminAccount } from '../../lib/access';
import { evictSessionsOnCommit } from '../../lib/session-evictions';
import type { Mailer } from '../../lib/mailer';
import { enqueue, type OutboxEntry, type OutboxHandler, type OutboxHandlers } from '../../lib/outbox';
import type { CreatedLead, RecordedLeadEvent } from '../leads';
import { approvalEarnings } from '../commissions';
import { getSettingValue } from '../settings';
import {
  adminNewLeadMail,
  leadNoteMail,
  leadStatusMail,
  newReferralMail,
  partnerReplyMail,
  notificationListId,
  type MailFrame,
} from './notification-mails';
import { createUnsubscribeToken, getUnsubscribeSecret, type MailKind } from './unsubscribe-token';

/** Admin-editable settings this module reads. */
export const notificationSettingKeys = {
  companyName: 'Company Name',
  /** "off" stops the new-lead mails to admins. */
  newLeadEmails: 'New Lead Emails',
} as const;

export const DEFAULT_BRAND = 'Partner Portal';

export const mailActions = {
  lead_status: 'mail.lead_status',
  new_referral: 'mail.new_referral',
  admin_new_lead: 'mail.admin_new_lead',
  partner_reply: 'mail.partner_reply',
  lead_note: 'mail.lead_note',
} as const satisfies Record<MailKind, string>;

/**
 * The user column that turns a kind on or off; an admin's "new referral" preference covers the new-lead
 * mails, and partners' replies have their own, so turning one off keeps the other.
 */
export const preferenceColumn = {
  lead_status: 'notifyLeadStatus',
  new_referral: 'notifyNewReferral',
  admin_new_lead: 'notifyNewReferral',
  partner_reply: 'notifyPartnerReply',
  lead_note: 'notifyLeadNote',
} as const satisfies Record<MailKind, keyof typeof users.$inferSelect>;

const offValues = new Set(['off', 'false', 'no', '0', 'disabled']);

async function adminMailsOn(db: DbExecutor): Promise<boolean> {
  const value = await getSettingValue(db, notificationSettingKeys.newLeadEmails);
  return value === null || !offValues.has(value.trim().toLowerCase());
}

type UserRow = typeof users.$inferSelect;
const wants = (user: UserRow, kind: MailKind) => user.status === 'active' && user[preferenceColumn[kind]];

const entryFor = (kind: MailKind, event: RecordedLeadEvent, userId: number) => ({
  action: mailActions[kind],
  subjectType: 'user',
  subjectId: String(userId),
  leadId: event.leadId,
  payload: { eventId: event.id, userId },
  // One mail per event and recipient, however often the event is seen.
  dedupeKey: `${mailActions[kind]}:${event.id}:${userId}`,
});

/**
 * The lead-event listener for status moves: runs in the transaction that recorded the event, so a
 * mail is queued exactly when its event exists. Preferences are checked here and again when sent.
 */
export async function queueNotifications(tx: DbExecutor, event: RecordedLeadEvent): Promise<void> {
  if (event.kind === 'reply') return queueReplyMails(tx, event);
  const kind: MailKind | null =
    event.kind === 'status' && event.toStatus
      ? 'lead_status'
      : event.kind === 'note' && event.visibleToPartner && event.note?.trim()
        ? 'lead_note'
        : null;
  if (!kind) return;
  const [lead] = await tx.select({ partnerId: leads.partnerId }).from(leads).where(eq(leads.id, event.leadId));
  if (!lead?.partnerId) return;
  const [partner] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, lead.partnerId), eq(users.role, 'user')));
  if (partner && wants(partner, kind)) await enqueue(tx, entryFor(kind, event, partner.id));
}

/**
 * A partner's reply on their referral (issue 23 §3): to the lead's owner when it has one, else to
 * every admin; each only when active with the partner-reply preference on.
 */
async function queueReplyMails(tx: DbExecutor, event: RecordedLeadEvent): Promise<void> {
  const [lead] = await tx.select({ ownerId: leads.ownerId }).from(leads).where(eq(leads.id, event.leadId));
  const admins = await tx
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), eq(users.notifyPartnerReply, true)));
  const owner = admins.find((admin) => admin.id === lead?.ownerId);
  await enqueue(
    tx,
    (owner ? [owner] : admins).map((admin) => entryFor('partner_reply', event, admin.id)),
  );
}

/**
 * New leads' mails (a `created` listener, run by the worker from the leads' `lead.created` entries):
 * the partner's "new referral" (unless they submitted it themselves) and every admin's "new lead"
 * (unless `New Lead Emails` is off), each for active recipients whose preference is on. One entry
 * per event and recipient (the dedupe key). A batch of leads reads its partners, the setting and
 * the admins once.
 */
export async function queueNewLeadMails(tx: DbExecutor, created: CreatedLead[]): Promise<void> {
  const partnerIds = [
    ...new Set(
      created.flatMap(({ lead, event }) => (lead.partnerId !== null && lead.partnerId !== event.actorId ? [lead.partnerId] : [])),
    ),
  ];
  const partners = partnerIds.length
    ? await tx
        .select()
        .from(users)
        .where(and(inArray(users.id, partnerIds), eq(users.role, 'user')))
    : [];
  const partnerById = new Map(partners.map((partner) => [partner.id, partner]));
  const admins = (await adminMailsOn(tx))
    ? await tx
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), eq(users.notifyNewReferral, true)))
    : [];
  const entries: ReturnType<typeof entryFor>[] = [];
  for (const { lead, event } of created) {
    const partner = lead.partnerId !== event.actorId ? partnerById.get(lead.partnerId ?? -1) : undefined;
    if (partner && wants(partner, 'new_referral')) entries.push(entryFor('new_referral', event, partner.id));
    for (const admin of admins) entries.push(entryFor('admin_new_lead', event, admin.id));
  }
  await enqueue(tx, entries);
}

interface MailDeps {
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
}

/** The signed link, as both the footer link and the List-Unsubscribe header carry it. */
export async function unsubscribeUrl(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  userId: number,
  kind: MailKind,
): Promise<string> {
  const token = createUnsubscribeToken(await getUnsubscribeSecret(db), userId, kind);
  return `${config.publicUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

const because: Record<MailKind, string> = {
  lead_status: 'a referral you sent changed status',
  new_referral: 'a merchant sent a request through your referral link',
  admin_new_lead: 'you are an administrator and a new lead arrived',
  partner_reply: 'you are an administrator and a partner wrote on a referral',
  lead_note: 'there is a note for you on a referral you sent',
};

/** Renders and sends one queued mail; anything that no longer holds (preference off, lead reassigned) sends nothing. */
function mailHandler(kind: MailKind, deps: MailDeps): OutboxHandler {
  return {
    async handle(entry: OutboxEntry, { db }) {
      const { eventId, userId } = entry.payload as { eventId: number; userId: number };
      const [row] = await db
        .select({ event: leadEvents, lead: leads })
        .from(leadEvents)
        .innerJoin(leads, eq(leads.id, leadEvents.leadId))
        .where(eq(leadEvents.id, eventId));
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!row || !user || !wants(user, kind)) return;
      const { event, lead } = row;
      if (kind === 'partner_reply') {
        if (!isAdminAccount(user)) return;
      } else if (kind === 'admin_new_lead') {
        if (!isAdminAccount(user) || !(await adminMailsOn(db))) return;
      } else if (kind === 'lead_note' && !(event.visibleToPartner && event.note?.trim())) {
        return; // never an internal note
      } else if (lead.partnerId !== user.id) {
        return; // reassigned since: this lead is no longer theirs to hear about
      }

      const frame: MailFrame = {
        brand: (await getSettingValue(db, notificationSettingKeys.companyName))?.trim() || DEFAULT_BRAND,
        unsubscribeUrl: await unsubscribeUrl(db, deps.config, user.id, kind),
        because: because[kind],
        listId: notificationListId(deps.config.publicUrl),
      };
      const partnerLink = `${deps.config.publicUrl}/referrals/${lead.publicId}`;
      const contact = `${lead.firstName} ${lead.lastName}`.trim();
      if (kind === 'lead_status') {
        if (!event.toStatus) return;
        const earned = event.toStatus === 'approved' ? await approvalEarnings(db, lead.id) : null;
        await deps.mailer.send(
          await leadStatusMail(user, frame, {
            company: lead.company,
            fromStatus: event.fromStatus,
            toStatus: event.toStatus,
            reason: event.reason,
            visibleNote: event.visibleToPartner && event.note?.trim() ? event.note : null,
            link: partnerLink,
            earnings: earned && {
              bonus:
                earned.bonus && earned.bonus.status !== 'void' ? formatCents(earned.bonus.amountCents, earned.currency) : null,
              bonusPending: earned.bonus?.status === 'pending',
              minVolume: formatCents(earned.minVolumeCents, earned.currency),
              share: formatBps(earned.shareBps),
            },
          }),
        );
      } else if (kind === 'partner_reply') {
        const [attachment] = await db
          .select({ name: leadAttachments.name })
          .from(leadAttachments)
          .where(eq(leadAttachments.eventId, event.id));
        await deps.mailer.send(
          await partnerReplyMail(user, frame, {
            company: lead.company,
            partner: event.actorLabel,
            message: event.note ?? '',
            attachment: attachment?.name ?? null,
            link: `${deps.config.publicUrl}/admin/leads?lead=${lead.publicId}`,
          }),
        );
      } else if (kind === 'lead_note') {
        await deps.mailer.send(await leadNoteMail(user, frame, { company: lead.company, note: event.note!, link: partnerLink }));
      } else if (kind === 'new_referral') {
        await deps.mailer.send(await newReferralMail(user, frame, { company: lead.company, contact, link: partnerLink }));
      } else {
        const [partner] = lead.partnerId
          ? await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, lead.partnerId))
          : [];
        await deps.mailer.send(
          await adminNewLeadMail(user, frame, {
            company: lead.company,
            contact,
            email: lead.email,
            partner: partner ? `${partner.fullName} <${partner.email}>` : null,
            source: lead.source,
            link: `${deps.config.publicUrl}/admin/leads?lead=${lead.publicId}`,
          }),
        );
      }
    },
  };
}

export function notificationHandlers(deps: MailDeps): OutboxHandlers {
  return {
    [mailActions.lead_status]: mailHandler('lead_status', deps),
    [mailActions.new_referral]: mailHandler('new_referral', deps),
    [mailActions.admin_new_lead]: mailHandler('admin_new_lead', deps),
    [mailActions.partner_reply]: mailHandler('partner_reply', deps),
    [mailActions.lead_note]: mailHandler('lead_note', deps),
  };
}

/** Turns one kind of mail off for one user (unsubscribe link or List-Unsubscribe-Post). */
export async function unsubscribe(db: Database, userId: number, kind: MailKind): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ [preferenceColumn[kind]]: false })
    .where(inArray(users.id, [userId]))
    .returning({ id: users.id });
  await evictSessionsOnCommit(db, userId);
  return rows.length > 0;
}
