import { createHmac, randomBytes } from 'node:crypto';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` of one message under one secret (Standard Webhooks): `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's base64 part.
 */
export function signMessage(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery; several secrets (during a rotation) give space-separated signatures. */
export function webhookHeaders(secrets: string[], messageId: string, timestampSeconds: number, body: string) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signMessage(s, messageId, timestampSeconds, body)).join(' '),
  };
}
