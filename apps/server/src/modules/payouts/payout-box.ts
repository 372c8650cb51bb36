import type { Config } from '../../config';
import { createSecretBox, resolveSecretsKey, type SecretBox } from '../../lib/secret-box';

const boxes = new WeakMap<Config, SecretBox>();

/** The box that seals TINs and bank numbers (its own key, derived from SECRETS_KEY). */
export function payoutBox(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox(resolveSecretsKey(config), 'payout-data:v1');
    boxes.set(config, box);
  }
  return box;
}

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
