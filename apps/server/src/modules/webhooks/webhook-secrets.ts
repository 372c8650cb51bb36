import type { Config } from '../../config';
import { webhookEndpoints } from '../../db/schema';
import { createSecretBox, resolveSecretsKey, type SecretBox } from '../../lib/secret-box';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

const boxes = new WeakMap<Config, SecretBox>();

/** Signing secrets are sealed with their own HKDF purpose under SECRETS_KEY (lib/secret-box.ts). */
function secretBox(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) boxes.set(config, (box = createSecretBox(resolveSecretsKey(config), 'webhook-signing-secret:v1')));
  return box;
}

/** A sealed secret opens only for its endpoint. */
const context = (endpointId: number) => `webhook_endpoints.secret:${endpointId}`;

export const sealSecret = (config: Config, endpointId: number, secret: string) =>
  secretBox(config).seal(secret, context(endpointId));

/** What a person sees of a secret: enough to tell two apart. */
export const secretHint = (secret: string) => `${secret.slice(0, 10)}…`;

/** The secrets that sign a delivery at `at`: the current one, and the previous one during the 24 hours after a rotation. */
export function openSecrets(config: Config, endpoint: EndpointRow, at: number): string[] {
  const box = secretBox(config);
  const secrets = [box.open(endpoint.secretSealed, context(endpoint.id))];
  if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > at) {
    secrets.push(box.open(endpoint.previousSecretSealed, context(endpoint.id)));
  }
  return secrets;
}
