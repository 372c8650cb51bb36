import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { messages } from '@portal/contract';
import { outbox } from '../db/schema';
import type { Mailer } from '../lib/mailer';
import type { CrmConnector } from '../modules/leads';

/** The application's Prometheus metrics; one registry per app (tests build many in one process). */
export interface AppMetrics {
  registry: Registry;
  leadsAccepted: Counter;
  crmFailures: Counter<'code'>;
  mailsSent: Counter;
  mailsFailed: Counter;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  return {
    registry,
    leadsAccepted: new Counter({
      name: 'portal_leads_accepted_total',
      help: 'Leads stored (the lead form answered created)',
      registers: [registry],
    }),
    crmFailures: new Counter({
      name: 'portal_crm_failures_total',
      help: 'Failed CRM calls by code (the CRM error code, HTTP_<status>, UNREACHABLE, TOKEN_REFRESH or the error name)',
      labelNames: ['code'],
      registers: [registry],
    }),
    mailsSent: new Counter({
      name: 'portal_mails_sent_total',
      help: 'Mails handed to SMTP (or the local outbox)',
      registers: [registry],
    }),
    mailsFailed: new Counter({ name: 'portal_mails_failed_total', help: 'Mails that could not be sent', registers: [registry] }),
  };
}

/** A bounded label for a failed CRM call, read from the error the connector threw. */
export function crmFailureCode(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; name?: unknown } | null;
  const clean = (v: string) =>
    v
      .toUpperCase()
      .replace(/[^A-Z0-9_]/g, '_')
      .slice(0, 40) || 'UNKNOWN';
  if (typeof e?.code === 'string') return clean(e.code);
  const message = typeof e?.message === 'string' ? e.message : '';
  const http = /HTTP (\d{3})(?: ([A-Z][A-Z_]+))?/.exec(message);
  if (http) return http[2] ? clean(http[2]) : `HTTP_${http[1]}`;
  if (/unreachable/i.test(message)) return 'UNREACHABLE';
  if (/token refresh/i.test(message)) return 'TOKEN_REFRESH';
  return clean(typeof e?.name === 'string' ? e.name : 'UNKNOWN');
}

/** The connector, counting each failed call in `portal_crm_failures_total`. */
export function countCrmFailures(crm: CrmConnector, metrics: AppMetrics): CrmConnector {
  return new Proxy(crm, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      // listLeadsModifiedSince answers an iterable, not a promise: left as it is.
      if (typeof value !== 'function' || prop === 'listLeadsModifiedSince') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (err) {
          metrics.crmFailures.inc({ code: crmFailureCode(err) });
          throw err;
        }
      };
    },
  });
}

/** The mailer, counting sent and failed mails. */
export function countMails(mailer: Mailer, metrics: AppMetrics): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        metrics.mailsFailed.inc();
        throw err;
      }
      metrics.mailsSent.inc();
    },
  };
}

/**
 * The `route` label of a request: its route pattern. Unmatched paths (404s, the web app's pages)
 * share `unmatched`, and every file of the web build shares `static`: @fastify/static registers one
 * route per file (`wildcard: false`), and hashed asset names change with each build, so their own
 * labels would add series on every deploy. A URL is never a label.
 */
export function routeLabel(request: FastifyRequest): string {
  // The routes of @fastify/static carry the file they serve in their config.
  const config = request.routeOptions.config as { file?: unknown } | undefined;
  if (typeof config?.file === 'string') return 'static';
  return request.routeOptions.url ?? 'unmatched';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in Prometheus' text format, only with METRICS_TOKEN set: without it the endpoint
 * does not exist (404, as for any unknown path), and a missing or wrong `Authorization: Bearer`
 * answers 401. Requests are counted and timed by route pattern (`/api/v1/leads/:id`, never the raw
 * URL) only when metrics are on, so a deployment without them pays nothing per request.
 */
export const metricsPlugin = fp(async (app) => {
  const { metrics } = app;

  const token = app.config.METRICS_TOKEN;
  const notFound = { status: 'error' as const, message: messages.http.notFound };
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.status(404).send(notFound));
    return;
  }

  const { registry } = metrics;
  collectDefaultMetrics({ register: registry });
  // promtool's lint refuses a gauge ending in `_total` (the suffix of counters). These three are the
  // sums of `nodejs_active_handles`, `nodejs_active_requests` and `nodejs_active_resources`, which
  // prom-client also exports by type: `sum(nodejs_active_handles)` is the same figure.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
    registry.removeSingleMetric(name);
  }
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    requests.inc({ method: request.method, route, status_code: reply.statusCode });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const depth = new Gauge({ name: 'portal_outbox_depth', help: 'Outbox entries waiting (pending)', registers: [registry] });
  const oldestAge = new Gauge({
    name: 'portal_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending outbox entry (0 when none)',
    registers: [registry],
  });
  const readOutbox = async () => {
    const [row] = await app.db
      .select({ depth: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${outbox.createdAt})` })
      .from(outbox)
      .where(eq(outbox.status, 'pending'));
    depth.set(Number(row?.depth ?? 0));
    oldestAge.set(row?.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0);
  };

  const expected = digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ status: 'error', message: messages.auth.unauthorized });
    }
    try {
      await readOutbox();
    } catch (err) {
      // The database is away: the rest still answers; the outbox gauges keep their last values.
      request.log.warn({ err }, 'outbox metrics not read');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
