import { leadSourceLabels, leadStatusLabels, reasonLabel, type LeadSource, type LeadStatus } from '@portal/contract';
import type { Mail } from '../../lib/mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface Recipient {
  email: string;
  fullName: string;
}

/** What every notification mail carries: who sends it and how to stop it. */
export interface MailFrame {
  brand: string;
  /** The signed one-click unsubscribe URL for this recipient and this kind of mail. */
  unsubscribeUrl: string;
  /** Why the recipient gets it, e.g. "a referral of yours changes status". */
  because: string;
}

interface Body {
  subject: string;
  greeting: string;
  /** Paragraphs; a [label, value] pair renders as a labelled line. */
  lines: (string | [string, string])[];
  link: { label: string; url: string };
}

/** One layout for every notification: a text part and an HTML part saying the same, plus RFC 8058 headers. */
function render(to: Recipient, frame: MailFrame, body: Body): Mail {
  const text = [
    body.greeting,
    '',
    ...body.lines.flatMap((line) => (typeof line === 'string' ? [line, ''] : [`${line[0]}: ${line[1]}`])),
    '',
    `${body.link.label}: ${body.link.url}`,
    '',
    '-- ',
    frame.brand,
    `You receive this email because ${frame.because}.`,
    `Unsubscribe: ${frame.unsubscribeUrl}`,
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  const html = [
    '<!doctype html>',
    `<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">`,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${escapeHtml(frame.brand)}</p>`,
    `<p>${escapeHtml(body.greeting)}</p>`,
    ...body.lines.map((line) =>
      typeof line === 'string'
        ? `<p>${escapeHtml(line)}</p>`
        : `<p style="margin:4px 0"><strong>${escapeHtml(line[0])}:</strong> ${escapeHtml(line[1])}</p>`,
    ),
    `<p style="margin:24px 0"><a href="${escapeHtml(body.link.url)}" style="background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(body.link.label)}</a></p>`,
    `<p style="font-size:12px;color:#6b7280">You receive this email because ${escapeHtml(frame.because)}. <a href="${escapeHtml(frame.unsubscribeUrl)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: to.email,
    subject: body.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${frame.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const greet = (to: Recipient) => `Hello ${to.fullName.trim() || 'there'},`;

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
  },
): Mail {
  const label = leadStatusLabels[move.toStatus];
  const lines: Body['lines'] = [`Your referral ${move.company} has a new status: ${label}.`];
  if (move.fromStatus) lines.push(['Previous status', leadStatusLabels[move.fromStatus]]);
  const reason = reasonLabel(move.reason);
  if (reason) lines.push(['Reason', reason]);
  if (move.visibleNote) lines.push(['Note', move.visibleNote]);
  return render(to, frame, {
    subject: `${move.company}: ${label}`,
    greeting: greet(to),
    lines,
    link: { label: 'View the referral', url: move.link },
  });
}

/** To the partner: a merchant asked for an analysis through their link. */
export function newReferralMail(to: Recipient, frame: MailFrame, lead: { company: string; contact: string; link: string }): Mail {
  return render(to, frame, {
    subject: `New referral: ${lead.company}`,
    greeting: greet(to),
    lines: [
      `${lead.contact} of ${lead.company} just asked for a free processing-fee analysis through your referral link.`,
      'We will keep you posted as it moves.',
    ],
    link: { label: 'View the referral', url: lead.link },
  });
}

/** To each admin: a new lead to work. */
export function adminNewLeadMail(
  to: Recipient,
  frame: MailFrame,
  lead: { company: string; contact: string; email: string; partner: string | null; source: LeadSource; link: string },
): Mail {
  return render(to, frame, {
    subject: `New lead: ${lead.company}`,
    greeting: greet(to),
    lines: [
      'A new lead has arrived.',
      ['Business', lead.company],
      ['Contact', `${lead.contact} <${lead.email}>`],
      ['Partner', lead.partner ?? 'Unattributed'],
      ['Source', leadSourceLabels[lead.source]],
    ],
    link: { label: 'Open the lead', url: lead.link },
  });
}
