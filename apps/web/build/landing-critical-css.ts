import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import type { Plugin } from 'vite';

/** What the server reads next to the client build (apps/server/src/plugins/landing-ssr.ts). */
export const landingSsrFiles = { renderer: 'render-landing.js', criticalCss: 'landing-critical.css' } as const;

type Render = (input: { settings: Record<string, unknown>; year: number }) => { html: string };

/** Every brand variant the server may render: with and without a logo, phone and contact link. */
const variants: Record<string, unknown>[] = [
  {
    companyName: 'Acme Payments',
    logoUrl: 'https://example.com/logo.png',
    contactUrl: 'https://example.com/contact',
    supportPhone: '+1 800 555 0100',
  },
  { companyName: null, logoUrl: null, contactUrl: null, supportPhone: null },
];

/**
 * The CSS rules the server-rendered landing page uses, out of the app's whole stylesheet (Beasties
 * keeps the rules whose selectors match the markup): inlined in the page so its first paint waits for
 * no stylesheet (issue 12 §1). The full stylesheet still loads afterwards for what the page shows later
 * (errors, the thank-you card, the estimate's result).
 */
export async function writeLandingCriticalCss(distDir: string, ssrDir: string): Promise<number> {
  const { renderLandingPage } = (await import(pathToFileURL(path.join(ssrDir, landingSsrFiles.renderer)).href)) as {
    renderLandingPage: Render;
  };
  const index = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
  const body = variants.map((settings) => renderLandingPage({ settings, year: 2026 }).html).join('\n');
  const page = index.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    preload: 'media',
    pruneSource: false,
    reduceInlineStyles: false,
    logLevel: 'warn',
  });
  const processed = await beasties.process(page);
  const css = [...processed.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
  if (!css) throw new Error('landing critical CSS: Beasties inlined nothing');
  await fs.writeFile(path.join(ssrDir, landingSsrFiles.criticalCss), css);
  return css.length;
}

/** On the SSR build (`vite build --ssr`): the critical CSS, once the renderer is written. */
export function landingCriticalCss(distDir: string): Plugin {
  let outDir = '';
  return {
    name: 'landing-critical-css',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const size = await writeLandingCriticalCss(distDir, outDir);
      this.info(`landing critical CSS: ${(size / 1024).toFixed(1)} KB`);
    },
  };
}
