import path from 'node:path';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '@portal/contract';
import type { Config } from './config';
import type { Database } from './db';
import type { CounterStore } from './lib/counter-store';
import type { SessionCache } from './lib/session-cache';
import { openSharedState } from './lib/shared-state';
import { attachSessionCache } from './lib/session-evictions';
import { trackCommits } from './db/after-commit';
import { compiledSerializerCompiler } from './lib/response-serializer';
import { describeRoute } from './lib/route-schemas';
import { serverRoot } from './server-root';
import { createMailer, type Mailer } from './lib/mailer';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { healthPlugin } from './plugins/health';
import { countCrmFailures, countMails, createMetrics, metricsPlugin } from './plugins/metrics';
import { noStorePlugin } from './plugins/no-store';
import { rejectNulPlugin } from './plugins/reject-nul';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { createOutboxRegistry, createRequestPressure, type OutboxRegistry, type RequestPressure } from './lib/outbox';
import { adminScope } from './plugins/admin-scope';
import { publicApiDocsPlugin } from './plugins/public-api-docs';
import {
  createCrmConnector,
  createLeadEventBus,
  leadsAdminRoutes,
  leadsRoutes,
  outboxRetryRoutes,
  referralPageCsp,
  type CrmConnector,
  type LeadEventBus,
} from './modules/leads';
import { crmStatusPlugin } from './modules/crm-status';
import { conversionsPlugin, conversionsRoutes } from './modules/conversions';
import { proposalsRoutes } from './modules/proposals';
import { notificationsPlugin, unsubscribeRoutes } from './modules/notifications';
import {
  brandPageHead,
  landingPageInput,
  referralNotFoundPage,
  settingsAdminRoutes,
  settingsPublicRoutes,
} from './modules/settings';

import { auditAdminRoutes } from './modules/audit';
import { usersRoutes } from './modules/users';
import { adminUsersRoutes } from './modules/admin-users';
import { adminStatsRoutes, leadDailyCountsPlugin } from './modules/admin-stats';
import { dashboardRoutes } from './modules/dashboard';
import { createVideoHostCache, resourcesAdminRoutes, resourcesRoutes } from './modules/resources';
import { buildCsp } from './lib/csp';
import { integrityAdminRoutes, integrityPartnerRoutes, integrityPlugin, partnerDevicesPlugin } from './modules/integrity';
import { payoutDetailsRoutes, payoutsAdminRoutes, payoutsPlugin } from './modules/payouts';
import { commissionsAdminRoutes, commissionsPlugin, commissionsRoutes, partnerTeamRoutes } from './modules/commissions';
import { postbacksRoutes, webhooksAdminRoutes, webhooksPlugin } from './modules/webhooks';
import { apiKeysAdminRoutes, apiKeysUserRoutes } from './modules/api-keys';
import { partnerApiRoutes } from './modules/leads';
import { applicationAdminRoutes, applicationPublicRoutes } from './modules/applications';
import { referralLinksRoutes, shortLinkRoutes } from './modules/referral-links';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    /** Outbox handlers by action; modules register theirs, the worker (server.ts) runs them. */
    outbox: OutboxRegistry;
    crm: CrmConnector;
    /** Lead history events, for modules that react to them (mails, CRM status pushes). */
    leadEvents: LeadEventBus;
    /** Every route as registered (method, url), for tests that hold rules over all of them. */
    registeredRoutes: { method: string; url: string }[];
    counters: CounterStore;
    /** Validated sessions; changes evict from it by themselves once committed (lib/session-evictions.ts). */
    sessionCache: SessionCache;
    /** When requests last arrived: the outbox workers wait for a quiet moment before each claim. */
    requestPressure: RequestPressure;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  mailer?: Mailer;
  /** The CRM connector; by default the one CRM names. */
  crm?: CrmConnector;
  /** Throttle counters; in Redis with REDIS_URL, else in this process's memory, unless given. */
  counters?: CounterStore;
  logger?: FastifyServerOptions['logger'];
  webDistDir?: string;
}

export const defaultWebDistDir = path.join(serverRoot, '../web/dist');

const baseCsp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // https: so the brand's Logo URL (any host the admin chose) can show; images only.
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Builds the application; it never listens (server.ts does, tests use inject). */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => crypto.randomUUID(),
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 15_000,
    // Longer than the idle timeout of clients and load balancers (60 s is common), so they close an
    // idle connection first; a shorter one races a client reusing it and the request dies with ECONNRESET.
    keepAliveTimeout: 72_000,
    // A hop count believes that many proxies from the right of X-Forwarded-For (as Fastify does
    // for a number, which its types do not list); a list believes only those addresses.
    trustProxy: typeof opts.config.TRUST_PROXY === 'number' ? trustHops(opts.config.TRUST_PROXY) : opts.config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);

  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  app.decorate(
    'mailer',
    countMails(
      opts.mailer ??
        createMailer({ smtpUrl: opts.config.SMTP_URL, from: opts.config.MAIL_FROM, dataDir: opts.config.dataDir, log: app.log }),
      metrics,
    ),
  );

  app.decorate('outbox', createOutboxRegistry());
  app.decorate('requestPressure', createRequestPressure());
  app.addHook('onRequest', (_request, _reply, done) => {
    app.requestPressure.noteStart();
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    app.requestPressure.noteEnd();
    done();
  });
  app.addHook('onRequestAbort', (_request, done) => {
    app.requestPressure.noteEnd();
    done();
  });
  app.decorate('registeredRoutes', []);
  app.decorate('leadEvents', createLeadEventBus());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.registeredRoutes.push({ method, url: route.url });
  });
  app.decorate('crm', countCrmFailures(opts.crm ?? createCrmConnector(opts.config), metrics));
  // Rate-limit counters, lockouts and session evictions shared by every instance (REDIS_URL).
  const shared = await openSharedState(opts.config, app.log, opts.counters);
  app.decorate('counters', shared.counters);
  app.decorate('sessionCache', shared.sessionCache);
  // Changes to a user or their sessions evict them from this cache once committed (lib/session-evictions.ts).
  trackCommits(opts.db);
  const detachSessionCache = attachSessionCache(opts.db, shared.sessionCache);
  app.addHook('onClose', async () => detachSessionCache());
  app.addHook('onClose', () => shared.close());

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { directives: baseCsp },
    crossOriginEmbedderPolicy: false,
  });
  // No line per request at info (two per request cost more than a cheap route): errors are logged
  // by the error handler with the request id, and slow requests here.
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.elapsedTime >= opts.config.SLOW_REQUEST_MS) {
      request.log.warn(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'slow request',
      );
    }
    done();
  });
  // Always described (the public API's description is cut from it, plugins/public-api-docs.ts);
  // the whole description and its UI are published only with API_DOCS=on.
  {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Partner Portal API', version: '1.0.0' },
        servers: [{ url: opts.config.publicUrl }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        // Every operation needs the bearer token unless its route says `security: []` (anonymous).
        security: [{ bearer: [] }],
      },
      transform: describeRoute,
    });
  }
  if (opts.config.API_DOCS === 'on') {
    // The description lists every route, admin ones included: off unless asked for (README).
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }
  await app.register(publicApiDocsPlugin);
  await app.register(authPlugin);
  await app.register(healthPlugin);
  await app.register(metricsPlugin);
  await app.register(rejectNulPlugin);
  await app.register(noStorePlugin);
  await app.register(notificationsPlugin);
  await app.register(leadDailyCountsPlugin);
  await app.register(crmStatusPlugin);
  await app.register(commissionsPlugin);
  await app.register(conversionsPlugin);
  // After commissionsPlugin: its approval listener opens the merchant's bonus that integrity may hold.
  await app.register(integrityPlugin);
  await app.register(partnerDevicesPlugin);
  await app.register(payoutsPlugin);
  await app.register(webhooksPlugin);

  // The embedded players the resources use: the app's pages admit exactly these in frame-src.
  const videoHosts = createVideoHostCache(opts.db);
  app.addHook('onReady', async () => {
    await videoHosts.refresh();
  });

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ status: 'success' as const }));
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(conversionsRoutes, { prefix: '/users/conversions-api' });
      await api.register(payoutDetailsRoutes, { prefix: '/users/payout-details' });
      await api.register(unsubscribeRoutes, { prefix: '/notifications' });
      await api.register(settingsPublicRoutes);
      await api.register(leadsRoutes, { prefix: '/leads' });
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
      await api.register(proposalsRoutes, { prefix: '/proposals' });
      await api.register(resourcesRoutes, { prefix: '/resources' });
      await api.register(commissionsRoutes, { prefix: '/commissions' });
      await api.register(integrityPartnerRoutes, { prefix: '/leads/mine' });
      await api.register(partnerTeamRoutes, { prefix: '/partner' });
      await api.register(postbacksRoutes, { prefix: '/users/postbacks' });
      await api.register(apiKeysUserRoutes, { prefix: '/users/api-keys' });
      await api.register(partnerApiRoutes, { prefix: '/partner/referrals' });
      await api.register(applicationPublicRoutes);
      await api.register(referralLinksRoutes, { prefix: '/referral-links' });
      // Every admin route: one scope, one guard (plugins/admin-scope.ts).
      await api.register(
        adminScope(
          settingsAdminRoutes,
          leadsAdminRoutes,
          auditAdminRoutes,
          adminUsersRoutes,
          adminStatsRoutes,
          resourcesAdminRoutes(videoHosts),
          commissionsAdminRoutes,
          integrityAdminRoutes,
          payoutsAdminRoutes,
          webhooksAdminRoutes,
          apiKeysAdminRoutes,
          applicationAdminRoutes,
        ),
        { prefix: '/admin' },
      );
      // Kept for clients of the first release.
      await api.register(adminScope(outboxRetryRoutes), { prefix: '/leads/admin' });
    },
    { prefix: API_BASE },
  );

  // A partner's short link, /r/{name} (issue 23 §7): before the web app, whose not-found handler serves the rest.
  await app.register(shortLinkRoutes);
  await app.register(webAppPlugin, {
    distDir: opts.webDistDir ?? defaultWebDistDir,
    pageCsp: (pathname) => {
      if (pathname.startsWith('/referral/')) return referralPageCsp(baseCsp);
      const videoSources = videoHosts.cspSources();
      return videoSources ? buildCsp(baseCsp, videoSources) : null;
    },
    pageHead: (pathname) => brandPageHead(app.db, opts.config.publicUrl, pathname),
    pageRender: (pathname) => landingPageInput(app.db, pathname),
    notFoundPage: (pathname) => referralNotFoundPage(app.db, pathname),
  });

  return app;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export type App = Awaited<ReturnType<typeof buildApp>>;
