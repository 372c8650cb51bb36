import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@portal/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db';
import { webhookEndpoints } from '../db/schema';
import { enqueue } from './outbox';

/** The outbox action that fans one event out to the webhook endpoints and postbacks that want it. */
export const WEBHOOK_EVENT_ACTION = 'webhook.event';

export interface IntegrationEventInput {
  type: WebhookEventType;
  /** The partner whose referral, merchant or commission it is: their postbacks receive it too. */
  partnerId?: number | null;
  /** When the event is about a lead: deleting the lead removes the undelivered event with it. */
  leadId?: number | null;
  data: Record<string, unknown>;
  /** The merchant's phone and email: merged into `data` only for endpoints marked to receive contact data. */
  contact?: Record<string, unknown>;
  at?: Date;
  /** At most one event per key, ever. */
  dedupeKey?: string;
}

/** The payload of a `webhook.event` entry. */
export interface IntegrationEventPayload {
  id: string;
  type: WebhookEventType | 'webhook.test';
  created_at: string;
  partner_id: number | null;
  data: Record<string, unknown>;
  contact?: Record<string, unknown>;
}

export const newEventId = () => `evt_${randomBytes(12).toString('base64url')}`;

/**
 * Records an event for webhooks in the caller's transaction: one outbox row when an enabled
 * endpoint wants it, so the event exists exactly when the change does; the worker's fan-out then
 * queues one delivery per endpoint. The caller
 * notifies the outbox after commit as it does for its other work (or the next poll finds it).
 */
export async function publishIntegrationEvent(tx: DbExecutor, input: IntegrationEventInput): Promise<void> {
  // Most programs have no endpoint for most events: then the change costs one small read, no row.
  const [wanted] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([input.type])}::jsonb`,
        input.partnerId == null
          ? isNull(webhookEndpoints.partnerId)
          : or(isNull(webhookEndpoints.partnerId), eq(webhookEndpoints.partnerId, input.partnerId)),
      ),
    )
    .limit(1);
  if (!wanted) return;
  const id = newEventId();
  const payload: IntegrationEventPayload = {
    id,
    type: input.type,
    created_at: (input.at ?? new Date()).toISOString(),
    partner_id: input.partnerId ?? null,
    data: input.data,
    ...(input.contact ? { contact: input.contact } : {}),
  };
  await enqueue(tx, {
    action: WEBHOOK_EVENT_ACTION,
    subjectType: 'webhook_event',
    subjectId: id,
    leadId: input.leadId ?? null,
    payload: payload as unknown as Record<string, unknown>,
    dedupeKey: input.dedupeKey,
  });
}

/** A partner as webhooks show it. */
export function partnerData(user: { id: number; fullName: string; email: string; status: string; createdAt: Date }) {
  return { id: user.id, name: user.fullName, email: user.email, status: user.status, created_at: user.createdAt.toISOString() };
}
