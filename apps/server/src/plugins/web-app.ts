import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '@portal/contract';

/** Extra Content-Security-Policy sources for pages that need them, by path prefix. */
export type PageCsp = (pathname: string) => string | null;

/**
 * Serves the built web app: hashed assets with long caching, index.html for every other non-API path
 * (the client router takes over). API paths keep their JSON 404.
 */
export const webAppPlugin = fp<{ distDir: string; pageCsp?: PageCsp }>(async (app, opts) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ distDir: opts.distDir }, 'web app is not built; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing asset (an old tab after a deploy) must be a 404, not index.html served as script.
    const isAsset = pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname);
    if (pathname.startsWith('/api/') || isAsset || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send({ status: 'error', message: `${messages.http.notFound}: ${request.method} ${pathname}` });
    }
    const csp = opts.pageCsp?.(pathname);
    if (csp) reply.header('Content-Security-Policy', csp);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
});
