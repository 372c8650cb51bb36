import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Issue 23 §3: a partner's reply on their referral, with at most one file. */
export const leadReplyMax = 2000;
/** 10 MB, the resource library's largest file. */
export const leadAttachmentMaxBytes = 10 * 1024 * 1024;

export const leadReplyMessages = {
  messageRequired: 'Please write a message',
  messageTooLong: `Message must be at most ${leadReplyMax} characters`,
  attachmentType: 'Attach a PDF, PNG, JPEG, GIF or WebP file',
  attachmentTooLarge: 'The file must be at most 10 MB',
  attachmentNotFound: 'File not found',
  sent: 'Your reply was sent',
} as const;

/** The text part of POST /leads/mine/{id}/replies (multipart: `message`, and an optional `file`). */
export const leadReplyMessageField = z
  .string({ error: leadReplyMessages.messageRequired })
  .trim()
  .min(1, leadReplyMessages.messageRequired)
  .max(leadReplyMax, leadReplyMessages.messageTooLong);

/** The file a reply carries, as a timeline lists it (download: GET …/attachments/{id}). */
export const leadAttachmentSchema = z.object({ id: z.number(), name: z.string(), mime: z.string(), size: z.number() });
export type LeadAttachment = z.infer<typeof leadAttachmentSchema>;

export const leadReplyResponse = successEnvelope(
  z.object({ id: z.number(), at: z.string(), note: z.string(), attachment: leadAttachmentSchema.nullable() }),
);
