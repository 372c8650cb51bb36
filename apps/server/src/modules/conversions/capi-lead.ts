import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import { conversionsApi, users } from '../../db/schema';
import { enqueue, OutboxError, type OutboxHandler } from '../../lib/outbox';
import type { CreatedLeadListener } from '../leads';
import { readConversionsToken, recordDelivery } from './conversions-service';
import { hashEmail, hashPhone, isMetaCookieValue } from './meta-hashing';

/** The outbox action: one Lead event to the partner's pixel through Meta's Conversions API. */
export const SEND_CAPI_LEAD = 'meta_capi.lead';

/** Meta refuses events whose event_time is more than 7 days old. */
export const META_MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60_000;

const REQUEST_TIMEOUT_MS = 10_000;

/** What the entry carries: the event as it will be sent, minus the token (read when sending). */
export interface CapiLeadPayload {
  partnerId: number;
  pixelId: string;
  eventId: string;
  /** Unix seconds: when the lead was submitted. */
  eventTime: number;
  eventSourceUrl: string;
  userAgent: string;
  fbp?: string;
  fbc?: string;
  /** SHA-256 of the normalised email and phone; the clear values never enter the outbox. */
  em: string;
  ph: string | null;
}

/**
 * A new landing-page lead's `created` listener (run by the worker from the lead's `lead.created`
 * entry): when its partner has a Pixel ID and a Conversions API token, one outbox entry with the
 * Lead event (one per lead: the dedupe key). The merchant's email and phone enter the outbox hashed only.
 */
export function queueCapiLead(config: Config): CreatedLeadListener {
  return async (tx, created) => {
    // Only the landing page runs the partner's pixel: a lead from anywhere else has no browser.
    const tracked = created.filter(({ lead, browser }) => browser && lead.partnerId !== null);
    if (!tracked.length) return;
    const partners = await tx
      .select({ id: users.id, pixelId: users.facebookPixelId })
      .from(users)
      .innerJoin(conversionsApi, eq(conversionsApi.userId, users.id))
      .where(
        and(
          inArray(users.id, [...new Set(tracked.map(({ lead }) => lead.partnerId!))]),
          ne(users.facebookPixelId, ''),
          isNotNull(conversionsApi.accessTokenEncrypted),
        ),
      );
    const partnerById = new Map(partners.map((partner) => [partner.id, partner]));
    const entries = tracked.flatMap(({ lead, browser }) => {
      const partner = partnerById.get(lead.partnerId!);
      if (!partner || !browser) return [];
      const payload: CapiLeadPayload = {
        partnerId: partner.id,
        pixelId: partner.pixelId,
        // The browser pixel's Lead event carried this id, so Meta keeps one of the two.
        eventId: browser.eventId || `lead-${lead.publicId}`,
        eventTime: Math.floor(lead.createdAt.getTime() / 1000),
        eventSourceUrl: browser.pageUrl || `${config.publicUrl}/referral/${encodeURIComponent(lead.referralUuid)}`,
        userAgent: browser.userAgent,
        ...(isMetaCookieValue(browser.fbp) ? { fbp: browser.fbp } : {}),
        ...(isMetaCookieValue(browser.fbc) ? { fbc: browser.fbc } : {}),
        em: hashEmail(lead.email),
        ph: hashPhone(lead.countryCode, lead.phoneDigits),
      };
      return [
        {
          action: SEND_CAPI_LEAD,
          subjectType: 'lead',
          subjectId: lead.publicId,
          leadId: lead.id,
          payload: { ...payload },
          dedupeKey: `${SEND_CAPI_LEAD}:${lead.id}`,
        },
      ];
    });
    await enqueue(tx, entries);
  };
}

/** The body Meta's `/{pixel_id}/events` takes for this one event (without the token). */
export function buildLeadEvent(p: CapiLeadPayload) {
  return {
    data: [
      {
        event_name: 'Lead',
        event_time: p.eventTime,
        event_id: p.eventId,
        action_source: 'website',
        event_source_url: p.eventSourceUrl,
        user_data: {
          em: [p.em],
          ...(p.ph ? { ph: [p.ph] } : {}),
          client_user_agent: p.userAgent,
          ...(p.fbp ? { fbp: p.fbp } : {}),
          ...(p.fbc ? { fbc: p.fbc } : {}),
        },
      },
    ],
  };
}

/** Meta error codes that mean "later", whatever the HTTP status: temporary issues and rate limits. */
const transientMetaCodes = new Set([1, 2, 4, 17, 32, 341, 613, 80004]);

interface GraphError {
  message?: string;
  code?: number;
  error_user_msg?: string;
}

export function createCapiLeadHandler(config: Config): OutboxHandler {
  const endpoint = (pixelId: string) =>
    `${config.META_GRAPH_URL}/${config.META_GRAPH_API_VERSION}/${encodeURIComponent(pixelId)}/events`;

  return {
    async handle(entry, { db, log, now }) {
      const p = entry.payload as CapiLeadPayload;
      const at = new Date(now());
      const drop = async (reason: string) => {
        log.warn({ outboxId: entry.id, lead: entry.subjectId, partnerId: p.partnerId, reason }, 'server-side Lead event dropped');
        await recordDelivery(db, p.partnerId, 'dropped', `Not sent: ${reason}`, at);
      };

      if (at.getTime() - p.eventTime * 1000 > META_MAX_EVENT_AGE_MS) {
        return drop("the lead is older than Meta's 7-day limit for events");
      }
      const stored = await readConversionsToken(db, config, p.partnerId);
      if (stored.kind === 'none') return drop('the access token was removed');
      if (stored.kind === 'unreadable') throw new OutboxError(`Not sent: ${stored.reason}`, false);

      let response: Response;
      try {
        response = await fetch(endpoint(p.pixelId), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // The token goes in the body, as Meta documents, so it never sits in a URL or an access log.
          body: JSON.stringify({ ...buildLeadEvent(p), access_token: stored.token }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (err) {
        const message = `Meta could not be reached (${err instanceof Error ? err.message : String(err)}); retrying`;
        await recordDelivery(db, p.partnerId, 'retrying', message, at);
        throw new OutboxError(message, true);
      }
      const body = (await response.json().catch(() => null)) as { events_received?: number; error?: GraphError } | null;
      if (response.ok) {
        const received = body?.events_received ?? 1;
        await recordDelivery(db, p.partnerId, 'sent', `Meta received ${received} Lead event${received === 1 ? '' : 's'}`, at);
        return;
      }
      const metaMessage = body?.error?.error_user_msg || body?.error?.message || response.statusText || 'no message';
      const isRetryable =
        response.status === 429 ||
        response.status >= 500 ||
        (body?.error?.code !== undefined && transientMetaCodes.has(body.error.code));
      if (isRetryable) {
        const message = `Meta answered HTTP ${response.status} (${metaMessage}); retrying`;
        await recordDelivery(db, p.partnerId, 'retrying', message, at);
        const retryAfter = Number(response.headers.get('retry-after'));
        throw new OutboxError(message, true, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
      }
      // 400, 401, 403: the token, the pixel or the event was refused; the same request would fail again.
      throw new OutboxError(`Meta refused the event (HTTP ${response.status}): ${metaMessage}`, false);
    },
    async onFailed(tx, entry, error) {
      const p = entry.payload as CapiLeadPayload;
      await recordDelivery(tx, p.partnerId, 'failed', error);
    },
  };
}
