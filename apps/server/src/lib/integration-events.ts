import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@portal/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db';
import { outbox, webhookEndpoints } from '../db/schema';
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

/** Outbox rows per INSERT: well under PostgreSQL's 65,535 parameters a statement. */
const enqueueChunk = 1_000;

/**
 * Records an event for webhooks in the caller's transaction: one outbox row when an enabled
 * endpoint wants it, so the event exists exactly when the change does; the worker's fan-out then
 * queues one delivery per endpoint. The caller
 * notifies the outbox after commit as it does for its other work (or the next poll finds it).
 */
export async function publishIntegrationEvent(tx: DbExecutor, input: IntegrationEventInput): Promise<void> {
  await publishIntegrationEvents(tx, [input]);
}

/**
 * `publishIntegrationEvent` for many events (a batch of new referrals, an import's lines): one read
 * of the endpoints that want any of them, whatever the count, then the outbox rows in a few inserts.
 */
export async function publishIntegrationEvents(tx: DbExecutor, inputs: readonly IntegrationEventInput[]): Promise<void> {
  if (!inputs.length) return;
  const types = [...new Set(inputs.map((input) => input.type))];
  const partnerIds = [...new Set(inputs.flatMap((input) => (input.partnerId == null ? [] : [input.partnerId])))];
  // Most programs have no endpoint for most events: then the change costs one small read, no row.
  const endpoints = await tx
    .select({ partnerId: webhookEndpoints.partnerId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        or(...types.map((type) => sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`)),
        !partnerIds.length
          ? isNull(webhookEndpoints.partnerId)
          : // Past a thousand partners, every postback of these types is read (at most 5 a partner).
            partnerIds.length <= 1_000
            ? or(isNull(webhookEndpoints.partnerId), inArray(webhookEndpoints.partnerId, partnerIds))
            : undefined,
      ),
    );
  if (!endpoints.length) return;
  const wanted = (input: IntegrationEventInput) =>
    endpoints.some(
      (endpoint) =>
        endpoint.events.includes(input.type) && (endpoint.partnerId === null || endpoint.partnerId === input.partnerId),
    );
  const rows = inputs.filter(wanted).map((input) => {
    const id = newEventId();
    const payload: IntegrationEventPayload = {
      id,
      type: input.type,
      created_at: (input.at ?? new Date()).toISOString(),
      partner_id: input.partnerId ?? null,
      data: input.data,
      ...(input.contact ? { contact: input.contact } : {}),
    };
    return {
      action: WEBHOOK_EVENT_ACTION,
      subjectType: 'webhook_event',
      subjectId: id,
      leadId: input.leadId ?? null,
      payload: payload as unknown as Record<string, unknown>,
      dedupeKey: input.dedupeKey,
    };
  });
  for (let i = 0; i < rows.length; i += enqueueChunk) await enqueue(tx, rows.slice(i, i + enqueueChunk));
}

/**
 * Withdraws the events of these keys that no worker has fanned out yet (a commission line written
 * void in the transaction that announced it): no receiver hears of them, and publishing the same
 * key later (the line given back) announces it then. An event already fanned out stays delivered.
 */
export async function withdrawIntegrationEvents(tx: DbExecutor, dedupeKeys: readonly string[]): Promise<void> {
  for (let i = 0; i < dedupeKeys.length; i += enqueueChunk) {
    await tx
      .delete(outbox)
      .where(
        and(
          eq(outbox.action, WEBHOOK_EVENT_ACTION),
          eq(outbox.status, 'pending'),
          inArray(outbox.dedupeKey, dedupeKeys.slice(i, i + enqueueChunk)),
        ),
      );
  }
}

/**
 * Whether an enabled endpoint (an admin's, or any partner's postback) wants events of this type:
 * lets a change with many events skip building them when nobody listens.
 */
export async function hasIntegrationListener(tx: DbExecutor, type: WebhookEventType): Promise<boolean> {
  const [row] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`))
    .limit(1);
  return row !== undefined;
}

/** A partner as webhooks show it. */
export function partnerData(user: { id: number; fullName: string; email: string; status: string; createdAt: Date }) {
  return { id: user.id, name: user.fullName, email: user.email, status: user.status, created_at: user.createdAt.toISOString() };
}

/** A merchant account as webhooks show it: the MID by its last four digits only. */
export function merchantData(account: {
  id: string;
  business: string;
  mid: string;
  partnerId: number;
  status: string;
  approvedOn: string;
  closedOn: string | null;
}) {
  return {
    id: account.id,
    business: account.business,
    mid_last4: account.mid.slice(-4),
    partner_id: account.partnerId,
    status: account.status,
    approved_on: account.approvedOn,
    closed_on: account.closedOn,
  };
}
