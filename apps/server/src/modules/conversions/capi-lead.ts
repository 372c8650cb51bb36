import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { conversionsApi, outbox, users } from '../../db/schema';
import { OutboxError, type OutboxHandler } from '../../lib/outbox';
import type { CreatedLeadWork } from '../leads';
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
 * A new landing-page lead's work: when its partner has a Pixel ID and a Conversions API token, one
 * outbox row with the Lead event, written by the lead's own insert statement (one per lead: the
 * dedupe key). The merchant's email and phone enter the outbox hashed only.
 */
export function queueCapiLead(config: Config): CreatedLeadWork {
  return {
    // A lead from anywhere else has no event (null): the gate on it writes no row.
    statement: (
      refs,
    ) => sql`insert into ${outbox} (action, subject_type, subject_id, lead_id, payload, dedupe_key, next_attempt_at, created_at)
      select ${SEND_CAPI_LEAD}::text, 'lead', ld.public_id::text, ld.id,
        jsonb_build_object('eventId', 'lead-' || ld.public_id::text) || ${refs.value('known')}::jsonb
          || jsonb_build_object('partnerId', u.id, 'pixelId', u.facebook_pixel_id),
        ${SEND_CAPI_LEAD}::text || ':' || ld.id, ${refs.at}, ${refs.at}
      from ${refs.lead} as ld
      join ${users} u on u.id = ld.partner_id
      join ${conversionsApi} c on c.user_id = u.id
      where ${refs.value('known')}::jsonb is not null
        and u.facebook_pixel_id <> '' and c.access_token_encrypted is not null
      on conflict (dedupe_key) do nothing`,
    values(lead) {
      const submitted = lead.landingPage;
      if (!submitted) return { known: null };
      const { browser } = submitted;
      const known = {
        // The browser pixel's Lead event carried this id, so Meta keeps one of the two.
        ...(browser.eventId ? { eventId: browser.eventId } : {}),
        eventTime: Math.floor(lead.at.getTime() / 1000),
        eventSourceUrl: browser.pageUrl || `${config.publicUrl}/referral/${encodeURIComponent(submitted.referralUuid)}`,
        userAgent: browser.userAgent,
        ...(isMetaCookieValue(browser.fbp) ? { fbp: browser.fbp } : {}),
        ...(isMetaCookieValue(browser.fbc) ? { fbc: browser.fbc } : {}),
        em: hashEmail(submitted.email),
        ph: hashPhone(submitted.countryCode, submitted.phoneDigits),
      } satisfies Partial<CapiLeadPayload>;
      return { known: JSON.stringify(known) };
    },
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
