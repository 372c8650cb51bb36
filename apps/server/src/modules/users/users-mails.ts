import type { Mail } from '../../lib/mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function passwordResetMail(to: { email: string; fullName: string }, link: string): Mail {
  const name = to.fullName.trim() || 'there';
  return {
    to: to.email,
    subject: 'Reset your Partner Portal password',
    text: [
      `Hello ${name},`,
      '',
      'We received a request to reset the password of your Partner Portal account.',
      'Open this link within 1 hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays unchanged.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      '<p>We received a request to reset the password of your Partner Portal account.</p>',
      `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link is valid for 1 hour).</p>`,
      '<p>If you did not ask for this, ignore this email: your password stays unchanged.</p>',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: { email: string; fullName: string }, loginUrl: string): Mail {
  const name = to.fullName.trim() || 'there';
  return {
    to: to.email,
    subject: 'Your Partner Portal password was changed',
    text: [
      `Hello ${name},`,
      '',
      'The password of your Partner Portal account was just changed, and every signed-in session was ended.',
      `Sign in with your new password: ${loginUrl}`,
      '',
      'If you did not do this, reset your password at once and contact an administrator.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      '<p>The password of your Partner Portal account was just changed, and every signed-in session was ended.</p>',
      `<p><a href="${escapeHtml(loginUrl)}">Sign in with your new password</a>.</p>`,
      '<p>If you did not do this, reset your password at once and contact an administrator.</p>',
    ].join('\n'),
  };
}
