import { limits } from '@portal/contract';

let common: Promise<Set<string>> | undefined;

/**
 * Whether a password is on the common-password list shipped with the product (zxcvbn-ts's list of
 * about 49,000 leaked passwords, compared case-insensitively; only entries long enough to pass the
 * length rule are kept). Loaded on first use, offline: nothing leaves the machine.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((p) => p.length >= limits.passwordMinLength).map((p) => p.toLowerCase())),
  );
  return (await common).has(password.toLowerCase());
}
