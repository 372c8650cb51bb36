// The landing page rendered on the server (issue 12 §1): the web build writes a renderer
// (dist/ssr/render-landing.js, React's renderToString over the page's own components) and the CSS
// rules the page uses (dist/ssr/landing-critical.css); this module puts the markup, the data the
// browser hydrates it with and that CSS into index.html, so text and form show before any script runs.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the page is rendered with: the public brand settings and the footer's year. */
export interface LandingInput {
  settings: Record<string, unknown>;
  year: number;
}

type Render = (input: LandingInput) => { html: string; data: unknown };

interface Renderer {
  render: Render;
  criticalCss: string;
  /** The referral entry and the chunks it imports, fetched with main.js instead of after it. */
  preloads: string[];
  mtimeMs: number;
}

const ssrDirName = 'ssr';
/** Never served: the server's renderer, not an asset. */
export const isSsrPath = (pathname: string) => pathname === `/${ssrDirName}` || pathname.startsWith(`/${ssrDirName}/`);
const referralEntrySource = 'src/features/leads/landing/referral-entry.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The entry's file and its static imports, from Vite's manifest; [] without one. */
function readPreloads(distDir: string): string[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(referralEntrySource);
  return [...files];
}

/** JSON that cannot end the <script> element it sits in, nor open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Loads (once, and again after a rebuild) the build's renderer; null when the build has none (a
 * build from before issue 12, or the API alone): the page is then rendered in the browser as before.
 */
export function createLandingRenderer(distDir: string) {
  const rendererFile = path.join(distDir, ssrDirName, 'render-landing.js');
  const cssFile = path.join(distDir, ssrDirName, 'landing-critical.css');
  let loaded: Promise<Renderer | null> | null = null;
  let loadedMtime = -1;
  /** Rendered markup by input: the page differs only by brand settings, so a handful of entries. */
  const cache = new Map<string, { html: string; data: unknown }>();

  async function load(): Promise<Renderer | null> {
    const stat = await fs.promises.stat(rendererFile).catch(() => null);
    if (!stat) return null;
    if (!loaded || stat.mtimeMs !== loadedMtime) {
      loadedMtime = stat.mtimeMs;
      cache.clear();
      loaded = (async () => {
        const mod = (await import(`${pathToFileURL(rendererFile).href}?v=${stat.mtimeMs}`)) as { renderLandingPage: Render };
        const criticalCss = await fs.promises.readFile(cssFile, 'utf8').catch(() => '');
        return { render: mod.renderLandingPage, criticalCss, preloads: readPreloads(distDir), mtimeMs: stat.mtimeMs };
      })();
    }
    return loaded;
  }

  /** index.html with the page rendered into #root; null when the build has no renderer. */
  return async function renderLanding(indexHtml: string, input: LandingInput): Promise<string | null> {
    const renderer = await load();
    if (!renderer) return null;
    const key = JSON.stringify(input);
    let rendered = cache.get(key);
    if (!rendered) {
      rendered = renderer.render(input);
      if (cache.size >= 20) cache.delete(cache.keys().next().value!);
      cache.set(key, rendered);
    }
    return composeLandingHtml(indexHtml, { ...rendered, criticalCss: renderer.criticalCss, preloads: renderer.preloads });
  };
}

/**
 * The built index.html, server-rendered: the markup in #root, the hydration data as a JSON block
 * (the CSP runs no inline script), the critical CSS inline and the full stylesheet deferred (fetched
 * as a preload, so it is neither parsed nor applied before the first paint, until the script turns it
 * into a stylesheet; a <noscript> copy for browsers without JavaScript), and modulepreload links for
 * the landing page's chunks.
 */
export function composeLandingHtml(
  indexHtml: string,
  page: { html: string; data: unknown; criticalCss: string; preloads: string[] },
): string {
  let html = indexHtml.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
  html = html.replace(
    /<\/body>/i,
    () => `<script type="application/json" id="landing-data">${jsonForScript(page.data)}</script>\n  </body>`,
  );
  if (page.criticalCss) {
    html = html.replace(
      /<link rel="stylesheet"([^>]*?) href="([^"]+)"([^>]*)>/i,
      (_tag, before: string, href: string, after: string) => {
        const attrs = `${before} href="${href}"${after}`;
        return `<style>${page.criticalCss.replace(/<\/style/gi, '<\\/style')}</style>\n    <link rel="preload" as="style"${attrs.replace(/\s*\/$/, '')} data-deferred-style>\n    <noscript><link rel="stylesheet" href="${href}"></noscript>`;
      },
    );
  }
  const preloads = page.preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  if (preloads) html = html.replace(/<\/head>/i, () => `  ${preloads}\n  </head>`);
  return html;
}

/** The encoding the client takes best: brotli (fast level: this is per request), gzip, or none. */
export function compressHtml(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding: string | null } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  const accepts = (name: string) => accepted.has(name);
  if (accepts('br'))
    return { body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (accepts('gzip')) return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html, encoding: null };
}
