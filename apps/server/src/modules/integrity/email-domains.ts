import * as mailcheckerModule from 'mailchecker';

// A CommonJS package: Node's ESM loader hands its exports over as the default export.
const MailChecker = (mailcheckerModule as unknown as { default?: typeof mailcheckerModule }).default ?? mailcheckerModule;

/**
 * Free-mail providers: an address there says nothing about the business, so its domain is neither
 * a "website domain" to match on nor a partner's company domain. The largest providers only;
 * disposable domains are mailchecker's maintained list.
 */
const freeMailDomains = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'rocketmail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'cox.net',
  'charter.net',
  'earthlink.net',
  'optonline.net',
  'web.de',
  't-online.de',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
  'btinternet.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'outlook.es',
  'hotmail.es',
  'yahoo.es',
  'yahoo.com.mx',
  'hotmail.fr',
  'live.co.uk',
  'msn.co.uk',
  'rediffmail.com',
  'inbox.com',
]);

export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

export const isFreeMailDomain = (domain: string) => freeMailDomains.has(domain);

/** mailchecker's list of throwaway-address providers (refreshed with the package). */
export function isDisposableEmail(email: string): boolean {
  return !MailChecker.isValid(email.trim());
}

/** The email's domain when it names a business (not free-mail, not throwaway), else null. */
export function companyDomainOf(email: string): string | null {
  const domain = emailDomain(email);
  if (!domain || isFreeMailDomain(domain) || isDisposableEmail(email)) return null;
  return domain;
}
