import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE, messages } from '@portal/contract';
import type { Config } from './config';
import type { Database } from './db';
import { createMailer, type Mailer } from './lib/mailer';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { webAppPlugin } from './plugins/web-app';
import { leadsModule, referralPageCsp } from './modules/leads';
import { settingsModule } from './modules/settings';
import { usersModule } from './modules/users';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  webDistDir?: string;
}

export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

const baseCsp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
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
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 15_000,
    keepAliveTimeout: 5_000,
    trustProxy: opts.config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  app.decorate(
    'mailer',
    opts.mailer ??
      createMailer({ smtpUrl: opts.config.SMTP_URL, from: opts.config.MAIL_FROM, dataDir: opts.config.dataDir, log: app.log }),
  );

  await app.register(errorHandlerPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: baseCsp },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      status: 'error',
      message: messages.http.tooManyRequests,
      retryAfter: context.after,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Partner Portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ status: 'success' as const }));
      await api.register(usersModule, { prefix: '/users' });
      await api.register(settingsModule);
      await api.register(leadsModule, { prefix: '/leads' });
    },
    { prefix: API_BASE },
  );

  await app.register(webAppPlugin, {
    distDir: opts.webDistDir ?? defaultWebDistDir,
    pageCsp: (pathname) => (pathname.startsWith('/referral/') ? referralPageCsp(baseCsp) : null),
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
