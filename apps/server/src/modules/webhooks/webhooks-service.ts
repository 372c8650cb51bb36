import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  integrationMessages as m,
  maxPostbacksPerPartner,
  webhookDeliveryLogDays,
  webhookRotationOverlapHours,
  webhookTestEventType,
  type CreatePostbackRequest,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@portal/contract';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { newEventId, type IntegrationEventPayload } from '../../lib/integration-events';
import { enqueue, notifyOutbox } from '../../lib/outbox';
import { checkEndpointUrl, RefusedAddressError } from './url-guard';
import {
  addressPolicy,
  endpointSubject,
  queueDeliveries,
  requeueFailedDeliveries,
  WEBHOOK_DELIVER_ACTION,
  type DeliveryPayload,
} from './webhook-delivery';
import { sealSecret, secretHint, type EndpointRow } from './webhook-secrets';
import { generateWebhookSecret } from './webhook-signing';

/** Whose endpoints: the admins' (null) or one partner's postbacks. */
export type EndpointOwner = { partnerId: number | null; actorId: number };

const ownedBy = (owner: EndpointOwner) =>
  owner.partnerId === null ? isNull(webhookEndpoints.partnerId) : eq(webhookEndpoints.partnerId, owner.partnerId);

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    description: row.description,
    events: row.events,
    include_contact: row.includeContact,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    consecutive_failures: row.consecutiveFailures,
    secret_hint: row.secretHint,
    previous_secret_until:
      row.previousSecretUntil && row.previousSecretUntil.getTime() > Date.now() ? row.previousSecretUntil.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A refused address is a field error of `url`. */
async function checkUrl(config: Config, url: string): Promise<void> {
  try {
    await checkEndpointUrl(url, addressPolicy(config));
  } catch (err) {
    if (err instanceof RefusedAddressError) throw unprocessable(err.message, { url: err.message });
    throw err;
  }
}

const audit = (owner: EndpointOwner) => owner.partnerId === null;

export async function listEndpoints(db: DbExecutor, owner: EndpointOwner): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(ownedBy(owner)).orderBy(webhookEndpoints.id);
  return rows.map(toEndpoint);
}

async function endpointOf(db: DbExecutor, owner: EndpointOwner, id: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)));
  if (!row) throw notFound(m.endpointNotFound);
  return row;
}

/** Adds an endpoint; the answer carries its secret, the only time it is shown. */
export async function createEndpoint(
  db: Database,
  config: Config,
  owner: EndpointOwner,
  input: (CreateWebhookRequest | CreatePostbackRequest) & { kind?: 'webhook' | 'slack' },
): Promise<WebhookEndpointWithSecret> {
  await checkUrl(config, input.url);
  const secret = generateWebhookSecret();
  return db.transaction(async (tx) => {
    if (owner.partnerId !== null) {
      // One partner's postbacks are counted under a lock of their rows, so two requests cannot both add the fifth.
      await tx.execute(
        sql`select id from ${webhookEndpoints} where ${webhookEndpoints.partnerId} = ${owner.partnerId} for update`,
      );
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(webhookEndpoints).where(ownedBy(owner));
      if (n >= maxPostbacksPerPartner) throw conflict(m.postbackLimit);
    }
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        partnerId: owner.partnerId,
        kind: input.kind ?? 'webhook',
        url: input.url,
        description: input.description ?? '',
        events: input.events as string[],
        includeContact: 'include_contact' in input ? (input.include_contact ?? false) : false,
        secretSealed: 'pending',
        secretHint: secretHint(secret),
        createdBy: owner.actorId,
      })
      .returning();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secretSealed: sealSecret(config, inserted!.id, secret) })
      .where(eq(webhookEndpoints.id, inserted!.id))
      .returning();
    if (audit(owner)) {
      await recordAudit(tx, {
        actorId: owner.actorId,
        action: 'webhook.create',
        targetType: 'webhook_endpoint',
        targetId: row!.id,
        after: { url: row!.url, events: row!.events, include_contact: row!.includeContact },
      });
    }
    return { ...toEndpoint(row!), secret };
  });
}

/**
 * Edits an endpoint. `enabled: true` re-enables it: the failure count starts over and deliveries it
 * missed in the last three days are queued again. `rotate_secret` answers the new secret once.
 */
export async function updateEndpoint(
  db: Database,
  config: Config,
  owner: EndpointOwner,
  id: number,
  patch: UpdateWebhookRequest,
): Promise<WebhookEndpointWithSecret> {
  if (patch.url !== undefined) await checkUrl(config, patch.url);
  const result = await db.transaction(async (tx) => {
    const before = await endpointOf(tx, owner, id);
    const secret = patch.rotate_secret ? generateWebhookSecret() : undefined;
    const reEnable = patch.enabled === true && !before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.events !== undefined ? { events: patch.events } : {}),
        ...(patch.include_contact !== undefined && owner.partnerId === null ? { includeContact: patch.include_contact } : {}),
        ...(patch.enabled === false ? { enabled: false, disabledReason: null } : {}),
        ...(reEnable ? { enabled: true, disabledReason: null, consecutiveFailures: 0, retryAt: null } : {}),
        ...(secret
          ? {
              secretSealed: sealSecret(config, id, secret),
              secretHint: secretHint(secret),
              previousSecretSealed: before.secretSealed,
              previousSecretUntil: new Date(Date.now() + webhookRotationOverlapHours * 3_600_000),
            }
          : {}),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (reEnable) await requeueFailedDeliveries(tx, id);
    if (audit(owner)) {
      await recordAudit(tx, {
        actorId: owner.actorId,
        action: secret ? 'webhook.rotate_secret' : 'webhook.update',
        targetType: 'webhook_endpoint',
        targetId: id,
        before: { url: before.url, events: before.events, include_contact: before.includeContact, enabled: before.enabled },
        after: { url: row!.url, events: row!.events, include_contact: row!.includeContact, enabled: row!.enabled },
      });
    }
    return { ...toEndpoint(row!), ...(secret ? { secret } : {}) };
  });
  if (patch.enabled) notifyOutbox(db);
  return result;
}

export async function deleteEndpoint(db: Database, owner: EndpointOwner, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await endpointOf(tx, owner, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (audit(owner)) {
      await recordAudit(tx, {
        actorId: owner.actorId,
        action: 'webhook.delete',
        targetType: 'webhook_endpoint',
        targetId: id,
        before: { url: before.url, events: before.events },
      });
    }
  });
}

/** Send test event: a `webhook.test` message to this endpoint only (an enabled one). */
export async function sendTestEvent(db: Database, owner: EndpointOwner, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const endpoint = await endpointOf(tx, owner, id);
    if (!endpoint.enabled) throw conflict(m.endpointDisabled);
    const event: IntegrationEventPayload = {
      id: newEventId(),
      type: webhookTestEventType,
      created_at: new Date().toISOString(),
      partner_id: owner.partnerId,
      data: { message: 'This is a test event from Partner Portal.', endpoint_id: id },
    };
    await queueDeliveries(tx, event, [endpoint], null);
  });
  notifyOutbox(db);
}

/** Resend: the logged message again, under the same `webhook-id` (a receiver that saw it may skip it). */
export async function resendDelivery(db: Database, owner: EndpointOwner, deliveryId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), ownedBy(owner)));
    if (!row) throw notFound(m.deliveryNotFound);
    if (!row.endpoint.enabled) throw conflict(m.endpointDisabled);
    await enqueue(tx, {
      action: WEBHOOK_DELIVER_ACTION,
      subjectType: 'webhook_endpoint',
      subjectId: endpointSubject(row.endpoint.id),
      payload: {
        endpoint_id: row.endpoint.id,
        message_id: row.delivery.messageId,
        event_type: row.delivery.eventType,
        body: row.delivery.requestBody,
      } satisfies DeliveryPayload,
    });
    if (audit(owner)) {
      await recordAudit(tx, {
        actorId: owner.actorId,
        action: 'webhook.resend',
        targetType: 'webhook_endpoint',
        targetId: row.endpoint.id,
        after: { delivery_id: deliveryId, message_id: row.delivery.messageId },
      });
    }
  });
  notifyOutbox(db);
}

function toDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    message_id: row.messageId,
    event_type: row.eventType,
    attempt: row.attempt,
    status_code: row.statusCode,
    ok: row.ok,
    error: row.error,
    duration_ms: row.durationMs,
    request_body: row.requestBody,
    response_excerpt: row.responseExcerpt,
    created_at: row.createdAt.toISOString(),
  };
}

const encodeCursor = (id: number) => Buffer.from(`d${id}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = /^d(\d{1,10})$/.exec(text) ? Number(text.slice(1)) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  return id;
}

/** The delivery log of one endpoint, newest first, the last 30 days. */
export async function listDeliveries(
  db: DbExecutor,
  owner: EndpointOwner,
  endpointId: number,
  query: { cursor?: string; limit: number },
): Promise<{ items: WebhookDelivery[]; next_cursor: string | null }> {
  await endpointOf(db, owner, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        sql`${webhookDeliveries.createdAt} > now() - make_interval(days => ${webhookDeliveryLogDays})`,
        query.cursor ? lt(webhookDeliveries.id, decodeCursor(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toDelivery),
    next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!.id) : null,
  };
}
