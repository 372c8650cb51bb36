import fs from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '@portal/contract';
import { compressHtml, createLandingRenderer, isSsrPath, type LandingInput } from './landing-ssr';

/** Extra Content-Security-Policy sources for pages that need them, by path prefix. */
export type PageCsp = (pathname: string) => string | null;

/** What goes in a page's <head>: its title and extra tags (already HTML-escaped by the caller). */
export interface PageHead {
  title: string;
  tags?: string;
}
export type PageHeadFor = (pathname: string) => Promise<PageHead | null>;
/** What to render a page with on the server (issue 12 §1: the landing page); null renders nothing. */
export type PageRenderFor = (pathname: string) => Promise<LandingInput | null>;

/** index.html with the page's title (replacing the built one) and tags before </head>. */
export function withHead(html: string, head: PageHead): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const withTitle = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}</head>`);
  return head.tags ? withTitle.replace(/<\/head>/i, () => `${head.tags}\n  </head>`) : withTitle;
}

/**
 * Serves the built web app: hashed assets with long caching, index.html for every other non-API path
 * (the client router takes over). API paths keep their JSON 404.
 */
/** A page that answers 404 with its own HTML (a malformed referral link); null for any other path. */
export type NotFoundPageFor = (pathname: string) => Promise<string | null>;

export const webAppPlugin = fp<{
  distDir: string;
  pageCsp?: PageCsp;
  pageHead?: PageHeadFor;
  pageRender?: PageRenderFor;
  notFoundPage?: NotFoundPageFor;
}>(async (app, opts) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const renderLanding = createLandingRenderer(opts.distDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/build/precompress.ts).
      preCompressed: true,
      // Source maps stay in the build for the bundle report and debugging, never on the wire.
      // Nor the landing page's server renderer (dist/ssr).
      allowedPath: (pathname) => !pathname.endsWith('.map') && !isSsrPath(pathname),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ distDir: opts.distDir }, 'web app is not built; only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing asset (an old tab after a deploy) must be a 404, not index.html served as script.
    const isAsset = pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname);
    if (pathname.startsWith('/api/') || isAsset || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ status: 'error', message: `${messages.http.notFound}: ${request.method} ${pathname}` });
    }
    const csp = opts.pageCsp?.(pathname);
    if (csp) reply.header('Content-Security-Policy', csp);
    reply.header('Cache-Control', 'no-cache');
    const missing = await opts.notFoundPage?.(pathname).catch((err: unknown) => {
      request.log.error({ err }, 'not-found page failed');
      return null;
    });
    if (missing) return reply.status(404).type('text/html; charset=utf-8').send(missing);
    // The brand's title and a link preview's tags, rendered here so chat apps (which run no script) see them.
    const head = await opts.pageHead?.(pathname).catch((err: unknown) => {
      request.log.error({ err }, 'page head failed; serving the built index.html');
      return null;
    });
    // Read per request (a small file), so a rebuilt app is served without a restart, as sendFile does.
    const render = await opts.pageRender?.(pathname).catch((err: unknown) => {
      request.log.error({ err }, 'page data failed; the page renders in the browser');
      return null;
    });
    if (!head && !render) return reply.sendFile('index.html', { cacheControl: false });
    let html = await fs.promises.readFile(indexFile, 'utf8');
    if (head) html = withHead(html, head);
    if (render) {
      const rendered = await renderLanding(html, render).catch((err: unknown) => {
        request.log.error({ err }, 'server rendering failed; the page renders in the browser');
        return null;
      });
      if (rendered) {
        // Rendered per request, so compressed here; assets come precompressed from the build.
        const { body, encoding } = compressHtml(rendered, request.headers['accept-encoding']);
        reply.header('Vary', 'Accept-Encoding');
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(body);
      }
    }
    return reply.type('text/html; charset=utf-8').send(html);
  });
});
