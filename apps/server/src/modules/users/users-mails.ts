import { composeMail, type MailBlock } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

interface To {
  email: string;
  fullName: string;
}

/** An account mail in the shared layout: paragraphs, and links that the HTML part shows as buttons. */
function compose(to: To, subject: string, brand: string, blocks: MailBlock[]): Promise<Mail> {
  return composeMail({ to, subject, brand, blocks });
}

export function passwordResetMail(to: To, link: string, brand: string): Promise<Mail> {
  return compose(to, `Reset your ${brand} password`, brand, [
    `We received a request to reset the password of your ${brand} account.`,
    'Open this link within 1 hour to choose a new password.',
    { href: link, label: 'Choose a new password' },
    'If you did not ask for this, ignore this email: your password stays unchanged.',
  ]);
}

export function passwordChangedMail(to: To, loginUrl: string, brand: string): Promise<Mail> {
  return compose(to, `Your ${brand} password was changed`, brand, [
    `The password of your ${brand} account was just changed, and your other signed-in sessions were ended.`,
    { href: loginUrl, label: 'Sign in with your new password' },
    'If you did not do this, reset your password at once and contact an administrator.',
  ]);
}

export function inviteMail(to: To, link: string, brand: string, inviter: string | null): Promise<Mail> {
  return compose(to, `You are invited to ${brand}`, brand, [
    `${inviter ?? 'An administrator'} invited you to the ${brand} partner portal.`,
    'Open this link within 72 hours to set your password and sign in.',
    { href: link, label: 'Set your password' },
    'If you were not expecting this invitation, you can ignore this email.',
  ]);
}

export function welcomeMail(to: To, referralLink: string, loginUrl: string, brand: string): Promise<Mail> {
  return compose(to, `Welcome to ${brand}: your application is approved`, brand, [
    `Your application to the ${brand} partner program has been approved.`,
    'Share your personal referral link with merchants; every request through it is credited to you.',
    { href: referralLink, label: 'Your referral link' },
    { href: loginUrl, label: 'Sign in to your dashboard' },
  ]);
}

export function rejectionMail(to: To, reasonLabel: string, message: string | null, brand: string): Promise<Mail> {
  return compose(to, `Your ${brand} partner application`, brand, [
    `Thank you for applying to the ${brand} partner program. We are unable to approve your application at this time.`,
    `Reason: ${reasonLabel}.`,
    ...(message ? [message] : []),
  ]);
}

export function twoFactorResetMail(to: To, loginUrl: string, brand: string): Promise<Mail> {
  return compose(to, `Two-factor authentication was turned off on your ${brand} account`, brand, [
    `An administrator reset the two-factor authentication of your ${brand} account, and every signed-in session was ended.`,
    'You can now sign in with your password alone. Set up two-factor authentication again from your account page.',
    { href: loginUrl, label: 'Sign in' },
    'If you did not ask for this, reset your password at once and contact an administrator.',
  ]);
}

export function emailChangedMail(to: To, oldEmail: string, newEmail: string, brand: string): Promise<Mail> {
  return compose(to, `The email address of your ${brand} account was changed`, brand, [
    `An administrator changed the sign-in email of your ${brand} account from ${oldEmail} to ${newEmail}.`,
    'From now on, sign in with the new address. If this is unexpected, contact an administrator.',
  ]);
}

export function applicationReceivedMail(to: To, applicant: To, reviewUrl: string, brand: string): Promise<Mail> {
  return compose(to, `New partner application: ${applicant.fullName}`, brand, [
    `${applicant.fullName} (${applicant.email}) signed up to the ${brand} partner program and is waiting for approval.`,
    { href: reviewUrl, label: 'Review the application' },
  ]);
}
