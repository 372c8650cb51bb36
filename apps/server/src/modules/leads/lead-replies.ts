import { and, eq } from 'drizzle-orm';
import { leadAttachmentMaxBytes, leadReplyMessages, pipelineMessages, type LeadAttachment } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { byteaAsBase64, leadAttachments, leads } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { detectFileType, downloadName } from '../resources/file-type';
import { recordLeadEvent, type LeadEventBus } from './lead-events';
import { uuidPattern } from './lead-queries';

const m = leadReplyMessages;

export interface ReplyUpload {
  bytes: Buffer;
  filename: string | undefined;
}

/**
 * A partner's reply on their own referral (issue 23 §3): a `reply` event the partner's timeline
 * shows, with at most one file of the resource library's types (PDF, PNG, JPEG, GIF, WebP, by their
 * bytes) up to 10 MB. Another partner's or an unknown referral is "not found". The event's listeners
 * queue the admins' mails in the same transaction.
 */
export async function addPartnerReply(
  db: Database,
  bus: LeadEventBus,
  partner: { id: number; fullName: string },
  publicId: string,
  input: { message: string; file: ReplyUpload | null },
) {
  const file = input.file ? checkAttachment(input.file) : null;
  if (!uuidPattern.test(publicId)) throw notFound(pipelineMessages.leadNotFound);
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, publicId: leads.publicId })
      .from(leads)
      .where(and(eq(leads.publicId, publicId), eq(leads.partnerId, partner.id)));
    if (!lead) throw notFound(pipelineMessages.leadNotFound);
    const event = await recordLeadEvent(tx, bus, {
      leadId: lead.id,
      leadPublicId: lead.publicId,
      kind: 'reply',
      actorId: partner.id,
      actorLabel: partner.fullName,
      note: input.message,
      visibleToPartner: true,
    });
    let attachment: LeadAttachment | null = null;
    if (file) {
      const [row] = await tx
        .insert(leadAttachments)
        .values({ leadId: lead.id, eventId: event.id, uploadedBy: partner.id, ...file })
        .returning({ id: leadAttachments.id });
      attachment = { id: row!.id, name: file.name, mime: file.mime, size: file.size };
    }
    return { id: event.id, at: event.createdAt.toISOString(), note: input.message, attachment };
  });
}

/** What the bytes are decides (never the name or the client's header); field messages on `file`. */
function checkAttachment(upload: ReplyUpload) {
  if (upload.bytes.length > leadAttachmentMaxBytes) throw new AppError(413, m.attachmentTooLarge, { file: m.attachmentTooLarge });
  const detected = upload.bytes.length > 0 ? detectFileType(upload.bytes) : null;
  if (!detected) throw badRequest(m.attachmentType, { file: m.attachmentType });
  return {
    name: downloadName(upload.filename, detected.extension),
    mime: detected.mime,
    size: upload.bytes.length,
    data: upload.bytes,
  };
}

/**
 * One attachment's bytes: a partner reaches only the files of their own referrals (`partnerId`),
 * an admin any; anything else is "not found".
 */
export async function readLeadAttachment(db: DbExecutor, publicId: string, attachmentId: number, partnerId: number | null) {
  if (!uuidPattern.test(publicId)) throw notFound(m.attachmentNotFound);
  const [row] = await db
    .select({ name: leadAttachments.name, mime: leadAttachments.mime, base64: byteaAsBase64(leadAttachments.data) })
    .from(leadAttachments)
    .innerJoin(leads, eq(leads.id, leadAttachments.leadId))
    .where(
      and(
        eq(leadAttachments.id, attachmentId),
        eq(leads.publicId, publicId),
        partnerId === null ? undefined : eq(leads.partnerId, partnerId),
      ),
    );
  if (!row?.base64) throw notFound(m.attachmentNotFound);
  return { name: row.name, mime: row.mime, data: Buffer.from(row.base64, 'base64') };
}
