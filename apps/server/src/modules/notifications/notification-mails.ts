import {
  commissionMessages,
  leadSourceLabels,
  leadStatusLabels,
  reasonLabel,
  type LeadSource,
  type LeadStatus,
} from '@portal/contract';
import { composeMail, type MailBlock } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

export interface Recipient {
  email: string;
  fullName: string;
}

/** What every notification mail carries: who sends it, which list it belongs to, and how to stop it. */
export interface MailFrame {
  brand: string;
  /** The signed one-click unsubscribe URL for this recipient and this kind of mail. */
  unsubscribeUrl: string;
  /** Why the recipient gets it, e.g. "a referral of yours changes status". */
  because: string;
  /** The List-Id header (RFC 2919), e.g. `<notifications.portal.example>`: lets a mail client filter them. */
  listId: string;
}

/** `<notifications.{host of PUBLIC_URL}>`: the port is not part of a list id. */
export const notificationListId = (publicUrl: string) => `<notifications.${new URL(publicUrl).hostname}>`;

interface Body {
  subject: string;
  blocks: MailBlock[];
}

/** The shared mail layout with the notification footer, plus the List-Id and RFC 8058 one-click headers. */
function render(to: Recipient, frame: MailFrame, body: Body): Promise<Mail> {
  return composeMail({
    to,
    subject: body.subject,
    brand: frame.brand,
    blocks: body.blocks,
    unsubscribe: { because: frame.because, url: frame.unsubscribeUrl },
    headers: {
      'List-Id': frame.listId,
      'List-Unsubscribe': `<${frame.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/** To the partner: one status move of their referral. Only what the partner may see: never an internal note. */
export function leadStatusMail(
  to: Recipient,
  frame: MailFrame,
  move: {
    company: string;
    fromStatus: LeadStatus | null;
    toStatus: LeadStatus;
    reason: string | null;
    visibleNote: string | null;
    link: string;
    /** On an approval: what the merchant earns the partner, formatted ("$200.00", "$5,000.00", "20%"). */
    earnings?: { bonus: string | null; bonusPending: boolean; minVolume: string; share: string } | null;
  },
): Promise<Mail> {
  const label = leadStatusLabels[move.toStatus];
  const blocks: MailBlock[] = [`Your referral ${move.company} has a new status: ${label}.`];
  if (move.fromStatus) blocks.push({ label: 'Previous status', value: leadStatusLabels[move.fromStatus] });
  const reason = reasonLabel(move.reason);
  if (reason) blocks.push({ label: 'Reason', value: reason });
  if (move.visibleNote) blocks.push({ label: 'Note', value: move.visibleNote });
  const earnings = move.earnings;
  if (earnings) {
    if (earnings.bonus && earnings.bonusPending) {
      blocks.push({
        label: 'Your bonus',
        value: `${commissionMessages.bonusPending(earnings.bonus)}. ${commissionMessages.bonusPendingDetail(earnings.minVolume)}`,
      });
    } else if (earnings.bonus) {
      blocks.push({ label: 'Your bonus', value: `${earnings.bonus} bonus earned.` });
    }
    blocks.push(commissionMessages.residualShareDetail(earnings.share));
  }
  return render(to, frame, {
    subject: `${move.company}: ${label}`,
    blocks: [...blocks, { label: 'View the referral', href: move.link }],
  });
}

/** To the partner: a note an admin wrote for them on their referral (one mail per note; never an internal one). */
export function leadNoteMail(
  to: Recipient,
  frame: MailFrame,
  note: { company: string; note: string; link: string },
): Promise<Mail> {
  return render(to, frame, {
    subject: `${note.company}: a note on your referral`,
    blocks: [
      `There is a new note on your referral ${note.company}.`,
      { label: 'Note', value: note.note },
      'You can reply on the referral.',
      { label: 'View the referral', href: note.link },
    ],
  });
}

/** To the partner: a merchant asked for an analysis through their link. */
export function newReferralMail(
  to: Recipient,
  frame: MailFrame,
  lead: { company: string; contact: string; link: string },
): Promise<Mail> {
  return render(to, frame, {
    subject: `New referral: ${lead.company}`,
    blocks: [
      `${lead.contact} of ${lead.company} just asked for a free processing-fee analysis through your referral link.`,
      'We will keep you posted as it moves.',
      { label: 'View the referral', href: lead.link },
    ],
  });
}

/** To each admin: a new lead to work. */
export function adminNewLeadMail(
  to: Recipient,
  frame: MailFrame,
  lead: { company: string; contact: string; email: string; partner: string | null; source: LeadSource; link: string },
): Promise<Mail> {
  return render(to, frame, {
    subject: `New lead: ${lead.company}`,
    blocks: [
      'A new lead has arrived.',
      { label: 'Business', value: lead.company },
      { label: 'Contact', value: `${lead.contact} <${lead.email}>` },
      { label: 'Partner', value: lead.partner ?? 'Unattributed' },
      { label: 'Source', value: leadSourceLabels[lead.source] },
      { label: 'Open the lead', href: lead.link },
    ],
  });
}

/** To the admins: a partner replied on their referral (issue 23 §3). */
export function partnerReplyMail(
  to: Recipient,
  frame: MailFrame,
  reply: { company: string; partner: string; message: string; attachment: string | null; link: string },
): Promise<Mail> {
  const blocks: MailBlock[] = [
    `${reply.partner} wrote on the referral ${reply.company}.`,
    { label: 'Message', value: reply.message },
  ];
  if (reply.attachment) blocks.push({ label: 'Attachment', value: reply.attachment });
  return render(to, frame, {
    subject: `${reply.company}: a reply from ${reply.partner}`,
    blocks: [...blocks, { label: 'Open the lead', href: reply.link }],
  });
}
