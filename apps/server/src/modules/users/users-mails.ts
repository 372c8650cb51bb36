import type { Mail } from '../../lib/mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface To {
  email: string;
  fullName: string;
}

/** One mail from paragraphs: text and HTML say the same; `link` paragraphs become anchors in HTML. */
function compose(to: To, subject: string, parts: (string | { href: string; label: string })[]): Mail {
  const name = to.fullName.trim() || 'there';
  return {
    to: to.email,
    subject,
    text: [`Hello ${name},`, ...parts.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.href}`))].join('\n\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      ...parts.map((p) =>
        typeof p === 'string' ? `<p>${escapeHtml(p)}</p>` : `<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a></p>`,
      ),
    ].join('\n'),
  };
}

export function passwordResetMail(to: To, link: string, brand: string): Mail {
  return compose(to, `Reset your ${brand} password`, [
    `We received a request to reset the password of your ${brand} account.`,
    'Open this link within 1 hour to choose a new password.',
    { href: link, label: 'Choose a new password' },
    'If you did not ask for this, ignore this email: your password stays unchanged.',
  ]);
}

export function passwordChangedMail(to: To, loginUrl: string, brand: string): Mail {
  return compose(to, `Your ${brand} password was changed`, [
    `The password of your ${brand} account was just changed, and your other signed-in sessions were ended.`,
    { href: loginUrl, label: 'Sign in with your new password' },
    'If you did not do this, reset your password at once and contact an administrator.',
  ]);
}

export function inviteMail(to: To, link: string, brand: string, inviter: string | null): Mail {
  return compose(to, `You are invited to ${brand}`, [
    `${inviter ?? 'An administrator'} invited you to the ${brand} partner portal.`,
    'Open this link within 72 hours to set your password and sign in.',
    { href: link, label: 'Set your password' },
    'If you were not expecting this invitation, you can ignore this email.',
  ]);
}

export function welcomeMail(to: To, referralLink: string, loginUrl: string, brand: string): Mail {
  return compose(to, `Welcome to ${brand}: your application is approved`, [
    `Your application to the ${brand} partner program has been approved.`,
    'Share your personal referral link with merchants; every request through it is credited to you.',
    { href: referralLink, label: 'Your referral link' },
    { href: loginUrl, label: 'Sign in to your dashboard' },
  ]);
}

export function rejectionMail(to: To, reasonLabel: string, message: string | null, brand: string): Mail {
  return compose(to, `Your ${brand} partner application`, [
    `Thank you for applying to the ${brand} partner program. We are unable to approve your application at this time.`,
    `Reason: ${reasonLabel}.`,
    ...(message ? [message] : []),
  ]);
}

export function twoFactorResetMail(to: To, loginUrl: string, brand: string): Mail {
  return compose(to, `Two-factor authentication was turned off on your ${brand} account`, [
    `An administrator reset the two-factor authentication of your ${brand} account, and every signed-in session was ended.`,
    'You can now sign in with your password alone. Set up two-factor authentication again from your account page.',
    { href: loginUrl, label: 'Sign in' },
    'If you did not ask for this, reset your password at once and contact an administrator.',
  ]);
}

export function emailChangedMail(to: To, oldEmail: string, newEmail: string, brand: string): Mail {
  return compose(to, `The email address of your ${brand} account was changed`, [
    `An administrator changed the sign-in email of your ${brand} account from ${oldEmail} to ${newEmail}.`,
    'From now on, sign in with the new address. If this is unexpected, contact an administrator.',
  ]);
}

export function applicationReceivedMail(to: To, applicant: To, reviewUrl: string, brand: string): Mail {
  return compose(to, `New partner application: ${applicant.fullName}`, [
    `${applicant.fullName} (${applicant.email}) signed up to the ${brand} partner program and is waiting for approval.`,
    { href: reviewUrl, label: 'Review the application' },
  ]);
}
