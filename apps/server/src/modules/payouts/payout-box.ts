import { createHmac, hkdfSync } from 'node:crypto';
import type { Config } from '../../config';
import { createSecretBox, resolveSecretsKey, type SecretBox } from '../../lib/secret-box';

/**
 * The box that seals TINs and bank numbers, and fingerprints them: a keyed hash (HMAC-SHA256, its own
 * key derived from SECRETS_KEY) of the normalised value, so two partners sharing a TIN, a bank account
 * or an address are found by an equal column, never by opening sealed values in bulk.
 */
export interface PayoutBox extends SecretBox {
  fingerprint(kind: 'tin' | 'bank' | 'address', value: string): string;
}

const boxes = new WeakMap<Config, PayoutBox>();

export function payoutBox(config: Config): PayoutBox {
  let box = boxes.get(config);
  if (!box) {
    const master = resolveSecretsKey(config);
    const key = Buffer.from(
      hkdfSync('sha256', Buffer.from(master, 'utf8'), Buffer.from('partner-portal'), Buffer.from('payout-fingerprint:v1'), 32),
    );
    box = {
      ...createSecretBox(master, 'payout-data:v1'),
      fingerprint: (kind, value) => createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url'),
    };
    boxes.set(config, box);
  }
  return box;
}

/** What a fingerprint compares: letters and digits only ("12-3456789" is "123456789"), upper or lower case alike. */
export const fingerprintId = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]+/g, '');
export const fingerprintAddress = (a: { line1: string; zip: string | null; country: string }) =>
  [a.line1, a.zip ?? '', a.country]
    .map((part) =>
      part
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, ''),
    )
    .join('|');

/** The context a partner's sealed values are bound to: a value copied to another partner's row does not open. */
export const tinContext = (partnerId: number) => `tin:${partnerId}`;
export const bankContext = (partnerId: number) => `bank:${partnerId}`;

export interface BankNumbers {
  routing: string;
  account: string;
}

export function openBank(box: SecretBox, sealed: string, partnerId: number): BankNumbers {
  return JSON.parse(box.open(sealed, bankContext(partnerId))) as BankNumbers;
}
