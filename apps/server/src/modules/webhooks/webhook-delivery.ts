import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  integrationMessages as m,
  webhookDeliveryLogDays,
  webhookMaxConsecutiveFailures,
  webhookEventLabels,
  type WebhookEventType,
} from '@portal/contract';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db';
import { outbox, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import {
  batchHandler,
  enqueue,
  notifyOutbox,
  OutboxError,
  type EnqueueInput,
  type OutboxEntry,
  type OutboxHandler,
  type OutboxHandlerContext,
} from '../../lib/outbox';
import type { IntegrationEventPayload } from '../../lib/integration-events';
import { composeMail } from '../../lib/mail-layout';
import type { Mailer } from '../../lib/mailer';
import { getBrandName } from '../settings';
import { postWebhook, type PostResult } from './webhook-http';
import { webhookHeaders } from './webhook-signing';
import { openSecrets, type EndpointRow } from './webhook-secrets';
import type { AddressPolicy } from './url-guard';

export const WEBHOOK_DELIVER_ACTION = 'webhook.deliver';
export const WEBHOOK_DISABLED_MAIL_ACTION = 'mail.webhook_disabled';

/** What a delivery entry carries: the exact body, so every attempt and resend sends the same bytes. */
export interface DeliveryPayload {
  endpoint_id: number;
  message_id: string;
  event_type: string;
  body: string;
}

export interface DeliveryOptions {
  /** 10 s: a receiver that takes longer is a failed attempt. */
  timeoutMs: number;
  /** How long the endpoint's circuit waits after its n-th failure in a row. */
  circuitDelayMs: (failures: number) => number;
}

/**
 * 10 s, 20 s, 40 s … doubling to at most an hour: a receiver that is down for ten minutes is tried
 * again within about five minutes of coming back, and 20 failures in a row take about half a day.
 */
export const defaultCircuitDelayMs = (failures: number) => Math.min(3_600_000, 10_000 * 2 ** Math.max(0, failures - 1));

/** The longest a receiver's `Retry-After` (429, 503) may put its endpoint's next attempt off. */
const maxRetryAfterMs = 6 * 3_600_000;

/** While a probe is in flight the circuit stays closed to other deliveries for this long. */
const probeLeaseMs = 30_000;

export const endpointSubject = (endpointId: number) => String(endpointId);

export function addressPolicy(config: Config): AddressPolicy & { isDevelopment: boolean } {
  return { allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK === 'on', isDevelopment: config.NODE_ENV === 'development' };
}

/** The body one endpoint gets: the envelope, with the merchant's contact data only if the endpoint opted in. */
export function envelopeFor(event: IntegrationEventPayload, endpoint: Pick<EndpointRow, 'includeContact' | 'kind'>): string {
  if (endpoint.kind === 'slack') return JSON.stringify({ text: slackText(event) });
  const data = endpoint.includeContact && event.contact ? { ...event.data, ...event.contact } : event.data;
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at, data });
}

function slackText(event: IntegrationEventPayload): string {
  const label = webhookEventLabels[event.type as WebhookEventType] ?? 'Test event';
  const d = event.data;
  const referral = (d.referral ?? d) as Record<string, unknown>;
  const parts = [label];
  if (typeof referral.company === 'string') parts.push(referral.company);
  const status = (d.changes as { status?: [string, string] } | undefined)?.status;
  if (status) parts.push(`${status[0]} → ${status[1]}`);
  return parts.join(': ');
}

/** Queues one delivery of an event to each endpoint given, at most once per (event, endpoint). */
export async function queueDeliveries(
  tx: DbExecutor,
  event: IntegrationEventPayload,
  endpoints: EndpointRow[],
  leadId: number | null,
): Promise<void> {
  if (endpoints.length) await enqueue(tx, deliveryEntries(event, endpoints, leadId));
}

function deliveryEntries(event: IntegrationEventPayload, endpoints: EndpointRow[], leadId: number | null): EnqueueInput[] {
  return endpoints.map((endpoint) => ({
    action: WEBHOOK_DELIVER_ACTION,
    subjectType: 'webhook_endpoint',
    subjectId: endpointSubject(endpoint.id),
    leadId,
    payload: {
      endpoint_id: endpoint.id,
      message_id: event.id,
      event_type: event.type,
      body: envelopeFor(event, endpoint),
    } satisfies DeliveryPayload,
    dedupeKey: `webhook:${event.id}:${endpoint.id}`,
  }));
}

/**
 * The fan-out of `webhook.event`s, a batch at a time in the transaction that marks them done: one
 * read of the enabled endpoints that want any of the batch's types, then one delivery entry per
 * event and endpoint subscribed to its type (the admins', and the partner's own postbacks).
 */
export function createFanOutHandler(): OutboxHandler {
  return batchHandler(async (tx, entries) => {
    const events = entries.map((entry) => entry.payload as IntegrationEventPayload);
    const types = [...new Set(events.map((event) => event.type))];
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.enabled, true),
          or(...types.map((type) => sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`)),
        ),
      );
    if (!endpoints.length) return;
    const rows = entries.flatMap((entry, i) => {
      const event = events[i]!;
      const wanted = endpoints.filter(
        (endpoint) =>
          endpoint.events.includes(event.type) && (endpoint.partnerId === null || endpoint.partnerId === event.partner_id),
      );
      return deliveryEntries(event, wanted, entry.leadId);
    });
    for (let i = 0; i < rows.length; i += 1_000) await enqueue(tx, rows.slice(i, i + 1_000));
  });
}

/**
 * The deliveries of one endpoint, as the worker claims them together (one batch per endpoint at a
 * time, endpoints side by side): the endpoint read once, up to `concurrency` requests side by side,
 * the attempts logged in one statement and the batch settled in one. While the endpoint is healthy
 * its deliveries go side by side; after a failure no new request starts and its circuit opens: the
 * other deliveries wait without a request and one of them probes when the circuit's delay is over,
 * so a receiver that is down or hangs costs one wave of requests, then one per window, and never
 * holds up other endpoints' deliveries. A success closes the circuit and makes everything waiting
 * due at once. The 20th failure in a row disables the endpoint and mails the admins. Every attempt
 * carries the same `webhook-id`; the outbox retries with backoff for three days.
 *
 * Answers, per the Standard Webhooks specification ("Delivery success and failure"): any 2xx is a
 * success; `410 Gone` disables the endpoint at once (the receiver wants no more events; the admins,
 * or the partner, are mailed and Re-enable delivers what it missed); every other answer, other 4xx
 * included, is a failure retried with backoff (a 400 or 404 is as often a receiver's passing fault
 * as a 500 is, and 20 failures in a row disable the endpoint anyway); a `Retry-After` (429, 503) is
 * honoured, up to six hours.
 */
export function createDeliveryHandler(deps: { config: Config; options: DeliveryOptions }): OutboxHandler {
  const policy = addressPolicy(deps.config);
  let purgedAt = 0;
  const handleMany = async (
    entries: OutboxEntry[],
    { db, now, log, concurrency }: OutboxHandlerContext & { concurrency: number },
  ): Promise<(OutboxError | undefined)[]> => {
    if (now() - purgedAt > 3_600_000) {
      purgedAt = now();
      await purgeOldDeliveries(db);
    }
    const payloads = entries.map((entry) => entry.payload as DeliveryPayload);
    // One subject, one endpoint: the worker claims per subject.
    const endpointId = payloads[0]!.endpoint_id;
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) return entries.map(() => undefined); // deleted: nothing left to deliver to
    if (!endpoint.enabled) return entries.map(() => new OutboxError(m.endpointDisabled, false));
    const at = now();
    let isProbe = false;
    if (endpoint.consecutiveFailures > 0) {
      const claimed = await db
        .update(webhookEndpoints)
        .set({ retryAt: new Date(at + probeLeaseMs) })
        .where(
          and(
            eq(webhookEndpoints.id, endpoint.id),
            or(isNull(webhookEndpoints.retryAt), lte(webhookEndpoints.retryAt, new Date(at))),
          ),
        )
        .returning({ id: webhookEndpoints.id });
      if (!claimed.length) {
        const wait = Math.max(1_000, (endpoint.retryAt?.getTime() ?? at) - at);
        return entries.map(() => new OutboxError('Waiting for the endpoint to recover', true, wait));
      }
      isProbe = true;
    }
    const url = new URL(endpoint.url);
    // The attempt number of each message: its earlier attempts to this endpoint, counted in one statement.
    const previous = new Map(
      (
        await db
          .select({ messageId: webhookDeliveries.messageId, attempts: sql<number>`count(*)::int` })
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.endpointId, endpoint.id),
              inArray(webhookDeliveries.messageId, [...new Set(payloads.map((p) => p.message_id))]),
            ),
          )
          .groupBy(webhookDeliveries.messageId)
      ).map((row) => [row.messageId, row.attempts]),
    );
    const secrets = openSecrets(deps.config, endpoint, at);
    const send = (payload: DeliveryPayload): Promise<PostResult> =>
      url.protocol === 'http:' && !policy.isDevelopment && !policy.allowLoopback
        ? Promise.resolve({ statusCode: null, excerpt: '', durationMs: 0, error: m.urlHttpsOnly })
        : postWebhook(url, webhookHeaders(secrets, payload.message_id, Math.floor(at / 1000), payload.body), payload.body, {
            policy,
            timeoutMs: deps.options.timeoutMs,
          });
    const isOk = (result: PostResult) => result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    // A probe goes alone; then up to `concurrency` side by side, and none starts after a failure.
    const results: (PostResult | undefined)[] = entries.map(() => undefined);
    let next = 0;
    let hasFailed = false;
    const lane = async (limit = entries.length) => {
      while (!hasFailed && next < limit) {
        const i = next++;
        const result = await send(payloads[i]!);
        results[i] = result;
        if (!isOk(result)) hasFailed = true;
      }
    };
    if (isProbe) await lane(1);
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, entries.length)) }, () => lane()));
    const sent = entries.flatMap((_, i) => (results[i] ? [i] : []));
    if (sent.length) {
      await db.insert(webhookDeliveries).values(
        sent.map((i) => {
          const result = results[i]!;
          const payload = payloads[i]!;
          const ok = isOk(result);
          const attempt = (previous.get(payload.message_id) ?? 0) + 1;
          previous.set(payload.message_id, attempt);
          return {
            endpointId: endpoint.id,
            messageId: payload.message_id,
            eventType: payload.event_type,
            attempt,
            statusCode: result.statusCode,
            ok,
            error: ok ? null : (result.error ?? `HTTP ${result.statusCode}`),
            durationMs: result.durationMs,
            requestBody: payload.body,
            responseExcerpt: result.excerpt,
          };
        }),
      );
    }
    const failed = sent.filter((i) => !isOk(results[i]!));
    if (!failed.length) {
      // A delivery that had waited means the endpoint is recovering: what still waits is due now.
      // (Again on each such success: a delivery deferred while the probe was in flight may have
      // been rescheduled, with the worker's backoff, after the probe closed the circuit.)
      if (endpoint.consecutiveFailures > 0 || isProbe || entries.some((e) => e.attempts > 1)) {
        await closeCircuit(db, endpoint.id, at);
      }
      return entries.map(() => undefined);
    }
    const errorOf = (result: PostResult) => result.error ?? `HTTP ${result.statusCode}`;
    if (failed.some((i) => results[i]!.statusCode === 410)) {
      await disableGoneEndpoint(db, endpoint, at, log);
      // Not retried: Re-enable puts them back in the queue with what else it missed.
      return entries.map((_, i) => {
        const result = results[i];
        if (result && isOk(result)) return undefined;
        if (result?.statusCode === 410) return new OutboxError('HTTP 410: the receiver is gone, endpoint disabled', false);
        return new OutboxError(m.endpointDisabled, false);
      });
    }
    const retryAfterMs = Math.min(Math.max(0, ...failed.map((i) => results[i]!.retryAfterMs ?? 0)), maxRetryAfterMs);
    const delayMs = (failures: number) => Math.max(deps.options.circuitDelayMs(failures), retryAfterMs);
    const failures = await recordEndpointFailure(db, endpoint, isProbe, at, delayMs, log);
    const wait = delayMs(Math.max(1, failures));
    return entries.map((_, i) => {
      const result = results[i];
      if (!result) return new OutboxError('Waiting for the endpoint to recover', true, wait);
      return isOk(result) ? undefined : new OutboxError(errorOf(result), true, wait);
    });
  };
  return {
    async handle(entry, ctx) {
      const [outcome] = await handleMany([entry], { ...ctx, concurrency: 1 });
      if (outcome !== undefined) throw outcome;
    },
    handleMany,
  };
}

/** The delivery log keeps 30 days; each process trims it at most once an hour. */
async function purgeOldDeliveries(db: DbExecutor): Promise<void> {
  await db
    .delete(webhookDeliveries)
    .where(sql`${webhookDeliveries.createdAt} < now() - make_interval(days => ${webhookDeliveryLogDays})`);
}

/** The receiver answered: the circuit closes and what waited for it is due now. */
async function closeCircuit(db: Database, endpointId: number, at: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(webhookEndpoints).set({ consecutiveFailures: 0, retryAt: null }).where(eq(webhookEndpoints.id, endpointId));
    await tx
      .update(outbox)
      .set({ nextAttemptAt: new Date(at) })
      .where(
        and(
          eq(outbox.action, WEBHOOK_DELIVER_ACTION),
          eq(outbox.subjectId, endpointSubject(endpointId)),
          eq(outbox.status, 'pending'),
          gt(outbox.nextAttemptAt, new Date(at)),
        ),
      );
  });
  notifyOutbox(db);
}

/**
 * Counts a failure: a probe's always, and while the endpoint was healthy only the first of the
 * deliveries that were in flight together (they failed for one reason, at one time). The 20th in a
 * row disables the endpoint and queues the admins' mail. Answers the count.
 */
async function recordEndpointFailure(
  db: Database,
  endpoint: EndpointRow,
  isProbe: boolean,
  at: number,
  delayMs: (failures: number) => number,
  log: FastifyBaseLogger,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
      })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isProbe ? undefined : eq(webhookEndpoints.consecutiveFailures, 0)))
      .returning({ failures: webhookEndpoints.consecutiveFailures });
    if (!row) return endpoint.consecutiveFailures;
    const failures = row.failures;
    const disable = failures >= webhookMaxConsecutiveFailures;
    await tx
      .update(webhookEndpoints)
      .set({
        retryAt: new Date(at + delayMs(failures)),
        ...(disable ? { enabled: false, disabledReason: m.endpointDisabledForFailures } : {}),
      })
      .where(eq(webhookEndpoints.id, endpoint.id));
    if (disable) {
      log.warn({ endpointId: endpoint.id, failures }, 'webhook endpoint disabled after failures in a row');
      await enqueue(tx, {
        action: WEBHOOK_DISABLED_MAIL_ACTION,
        subjectType: 'webhook_endpoint',
        subjectId: endpointSubject(endpoint.id),
        payload: { endpoint_id: endpoint.id, url: endpoint.url, partner_id: endpoint.partnerId },
        dedupeKey: `webhook-disabled:${endpoint.id}:${at}`,
      });
    }
    return failures;
  });
}

/** A 410 answer: the endpoint is disabled at once and its owners mailed (Standard Webhooks). */
async function disableGoneEndpoint(db: Database, endpoint: EndpointRow, at: number, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: m.endpointDisabledGone, retryAt: null })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (!row) return; // another delivery disabled it first: one mail
    log.warn({ endpointId: endpoint.id }, 'webhook endpoint disabled: the receiver answered 410 Gone');
    await enqueue(tx, {
      action: WEBHOOK_DISABLED_MAIL_ACTION,
      subjectType: 'webhook_endpoint',
      subjectId: endpointSubject(endpoint.id),
      payload: { endpoint_id: endpoint.id, url: endpoint.url, partner_id: endpoint.partnerId, gone: true },
      dedupeKey: `webhook-disabled:${endpoint.id}:${at}`,
    });
  });
  notifyOutbox(db);
}

/**
 * Failed deliveries of an endpoint from the last three days go back to the queue (Re-enable): what
 * it missed while disabled reaches it, under the same `webhook-id`s; those still waiting are due now.
 */
export async function requeueFailedDeliveries(tx: DbExecutor, endpointId: number): Promise<void> {
  const at = new Date();
  await tx
    .update(outbox)
    .set({ nextAttemptAt: at })
    .where(
      and(
        eq(outbox.action, WEBHOOK_DELIVER_ACTION),
        eq(outbox.subjectId, endpointSubject(endpointId)),
        eq(outbox.status, 'pending'),
      ),
    );
  await tx
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: at, createdAt: at, lockedUntil: null })
    .where(
      and(
        eq(outbox.action, WEBHOOK_DELIVER_ACTION),
        eq(outbox.subjectId, endpointSubject(endpointId)),
        eq(outbox.status, 'failed'),
        sql`${outbox.createdAt} > now() - interval '3 days'`,
      ),
    );
}

/** The mail to every active admin (admin endpoints) or to the partner (their postback) when an endpoint is disabled. */
export function createDisabledMailHandler(deps: { config: Config; mailer: Mailer }): OutboxHandler {
  return {
    async handle(entry: OutboxEntry, { db }) {
      const { url, partner_id: partnerId, gone } = entry.payload as { url: string; partner_id: number | null; gone?: boolean };
      const recipients = await db
        .select({ email: users.email, fullName: users.fullName })
        .from(users)
        .where(and(eq(users.status, 'active'), partnerId === null ? eq(users.role, 'admin') : inArray(users.id, [partnerId])));
      const brand = await getBrandName(db);
      const link = `${deps.config.publicUrl}${partnerId === null ? '/admin/settings/webhooks' : '/settings'}`;
      for (const to of recipients) {
        await deps.mailer.send(
          await composeMail({
            to,
            subject: 'A webhook endpoint was disabled',
            brand,
            blocks: [
              gone
                ? `${url} answered 410 Gone, which says it no longer accepts these events, so the endpoint was disabled. Events are kept for three days: if the address is still in use, re-enable it and they will be delivered.`
                : `Deliveries to ${url} failed ${webhookMaxConsecutiveFailures} times in a row, so the endpoint was disabled. Events are kept for three days: re-enable it once the receiver works again and they will be delivered.`,
              { label: 'Open the webhook settings', href: link },
            ],
          }),
        );
      }
    },
  };
}
