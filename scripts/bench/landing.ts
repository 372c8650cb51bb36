// Issue 12 §1: the landing page as a new merchant meets it on a phone. Debian's Chromium at phone size
// (390×844, device scale 3, touch), CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), loopback to a
// production server on the production build (apps/web/dist: run `npm run build` first), median of
// five cold loads (a new browser context each, so an empty cache) of a real /referral/{uuid} link, after one
// load that is not counted (a production server has served the page before: its renderer is loaded).
// Figures, each against its target, with the spread of the five (min–max):
// - Largest Contentful Paint: the last 'largest-contentful-paint' entry before any input;
// - JavaScript for the route: gzip size of every script the load fetched (read from the build);
// - form usable: when typing into the page's first field reaches React. The page marks
//   <html data-landing-ready> in an effect of its root component, which runs once hydration has
//   committed (React's handlers are on every control); the time is taken in the page when that
//   attribute appears, then a character is typed into the first field and must show in it.
// Beside the LCP, the same run's reference: the same page with its scripts blocked, i.e. what the server's
// HTML and inline CSS alone paint on this machine now (the floor for the page's LCP). Not with JavaScript
// off: then the <noscript> stylesheet applies and blocks the first paint, which no browser with
// JavaScript meets. The loads alternate page, reference, so both see the same machine.
// Run alone: `node --import tsx scripts/bench/landing.ts` (BENCH_LANDING_RUNS, default 5).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunch } from '../../e2e/playwright.config';
import { startPortal } from '../../e2e/support/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps/web/dist');

export const LANDING_TARGETS = { lcpMs: 600, jsGzipBytes: 97 * 1024, usableMs: 1500 };
const RUNS = Number(process.env.BENCH_LANDING_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

export interface LandingLoad {
  lcpMs: number;
  usableMs: number;
  /** The element of the last LCP entry the page saw (JavaScript on only): what to make paint sooner. */
  lcpElement: string;
  /** Script URLs the load fetched (paths on the server). */
  scripts: string[];
}

export interface LandingReport {
  loads: LandingLoad[];
  lcpMs: number;
  /** The same page's LCP with its scripts blocked, measured in the same run: the floor. */
  lcpReferenceMs: number;
  usableMs: number;
  jsGzipBytes: number;
  jsFiles: { file: string; gzip: number }[];
}

/** The server as it runs in production (the browser tests' own), on a fresh embedded database and without Redis. */
const startServer = async () => {
  const portal = await startPortal({ REDIS_URL: undefined });
  return { baseUrl: portal.baseURL, stop: () => portal.stop() };
};

/** A partner's referral link, as the partner would share it. */
async function registerPartner(baseUrl: string): Promise<string> {
  const password = 'partner-password-1';
  const res = await fetch(`${baseUrl}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      full_name: 'Bench Partner',
      email: `bench-${Date.now()}@bench.test`,
      password,
      confirm_password: password,
    }),
  });
  if (res.status !== 201) throw new Error(`registering a partner: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { user: { uuid: string } } };
  return `${baseUrl}/referral/${body.data.user.uuid}`;
}

/**
 * Runs in the page before any of its own code: notes the moment hydration marks the page ready. A
 * string, not a function: tsx's transform would put helpers in a function's source that the page does
 * not have. There is no <html> element yet when it runs, so the document is watched.
 */
const observeReady = `
  window.__landingReadyAt = 0;
  new MutationObserver(() => {
    if (!window.__landingReadyAt && document.documentElement.hasAttribute('data-landing-ready'))
      window.__landingReadyAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-landing-ready'] });
  window.__landingLcpElement = '';
  new PerformanceObserver((list) => {
    const element = list.getEntries().at(-1)?.element;
    if (element) window.__landingLcpElement = '<' + element.tagName.toLowerCase() + ' class="' + (element.getAttribute('class') ?? '').slice(0, 40) + '…"> "' + (element.textContent ?? '').trim().slice(0, 30) + '…"';
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/**
 * One cold load in a new context (empty cache). With `scriptsBlocked` it is the reference: what the
 * HTML and its inline CSS alone paint on this machine in this run, the floor for the page's LCP.
 */
async function coldLoad(browser: Browser, url: string, scriptsBlocked = false): Promise<LandingLoad> {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    let isCounting = true;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // LCP entries from the browser itself, read the same way for the page and the reference.
    let lcpAt = 0;
    cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
      if (isCounting && event.lcpDetails) lcpAt = (event.lcpDetails.renderTime || event.lcpDetails.loadTime) * 1000;
    });
    await cdp.send('PerformanceTimeline.enable', { eventTypes: ['largest-contentful-paint'] });
    // Blocked in the network service, not by a Playwright route: a route would hold every request of
    // the load, the document too, for a round trip to this process.
    if (scriptsBlocked) {
      await cdp.send('Network.enable');
      await cdp.send('Network.setBlockedURLs', { urls: ['*/assets/*.js'] });
    }
    await page.addInitScript({ content: observeReady });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (isCounting && request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'load' });
    /** LCP in ms from the navigation's start (the page's time origin). */
    const readLcp = async () => {
      if (!lcpAt) throw new Error('no largest-contentful-paint entry');
      return lcpAt - (await page.evaluate<number>('performance.timeOrigin'));
    };
    if (scriptsBlocked) {
      // The first paint may come after 'load' on a busy machine: wait for an entry, then for any later one.
      for (const deadline = Date.now() + 30_000; !lcpAt && Date.now() < deadline;) await page.waitForTimeout(50);
      await page.waitForTimeout(500);
      return { lcpMs: await readLcp(), usableMs: 0, lcpElement: '', scripts };
    }
    // A function, not a string: the page's CSP forbids eval.
    await page.waitForFunction(() => (globalThis as unknown as { __landingReadyAt: number }).__landingReadyAt > 0, null, {
      timeout: 60_000,
      polling: 50,
    });
    // What loads after hydration with no input (visit count, settings, the pixel) counts too.
    await page.waitForLoadState('networkidle');
    // Read before any input: input ends LCP. Scripts fetched on input (the toasts, on focus) are not the load's.
    const lcpMs = await readLcp();
    const usableMs = await page.evaluate<number>('window.__landingReadyAt');
    const lcpElement = await page.evaluate<string>('window.__landingLcpElement');
    isCounting = false;
    const first = page.locator('main input:is([type="text"], [type="email"], [type="tel"], :not([type]))').first();
    await first.focus();
    await page.keyboard.type('7');
    const typed = await first.inputValue();
    if (!typed.endsWith('7')) throw new Error(`typing into the first field did not take (value ${JSON.stringify(typed)})`);
    return { lcpMs, usableMs, lcpElement, scripts };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');

export async function runLandingBench(): Promise<LandingReport> {
  if (!fs.existsSync(path.join(distDir, 'ssr', 'render-landing.js')))
    throw new Error(`no production build with the landing renderer in ${distDir}: run \`npm run build\` first`);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumLaunch.args,
  });
  try {
    const url = await registerPartner(server.baseUrl);
    // One warm-up load, not counted: the server's first render loads the renderer and fills its cache.
    await coldLoad(browser, url);
    const loads: LandingLoad[] = [];
    const floors: number[] = [];
    // Interleaved, so both see the same machine.
    for (let i = 0; i < RUNS; i += 1) {
      loads.push(await coldLoad(browser, url));
      floors.push((await coldLoad(browser, url, true)).lcpMs);
    }

    const fetched = new Set(loads.flatMap((load) => load.scripts));
    const jsFiles = [...fetched].map((file) => {
      const local = path.join(distDir, file.replace(/^\//, ''));
      return { file, gzip: fs.existsSync(local) ? gzipSync(fs.readFileSync(local)).length : 0 };
    });
    const unknown = jsFiles.filter((f) => f.gzip === 0).map((f) => f.file);
    if (unknown.length) throw new Error(`scripts not in the build: ${unknown.join(', ')}`);
    jsFiles.sort((a, b) => b.gzip - a.gzip);
    const report: LandingReport = {
      loads,
      lcpMs: median(loads.map((l) => l.lcpMs)),
      lcpReferenceMs: median(floors),
      usableMs: median(loads.map((l) => l.usableMs)),
      jsGzipBytes: jsFiles.reduce((sum, f) => sum + f.gzip, 0),
      jsFiles,
    };
    const { lcpMs, jsGzipBytes, usableMs } = LANDING_TARGETS;
    console.log(
      `/referral/{uuid}, phone 390×844 @3x, CPU ${CPU_SLOWDOWN}× slower, loopback, median of ${RUNS} cold loads (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
    console.log(
      `  Largest Contentful Paint ${report.lcpMs.toFixed(0).padStart(6)} ms   target < ${lcpMs} ms: ${verdict(report.lcpMs < lcpMs)}   (runs: ${loads.map((l) => l.lcpMs.toFixed(0)).join(', ')}; spread ${spread(loads.map((l) => l.lcpMs))})`,
    );
    const elements = [...new Set(loads.map((l) => l.lcpElement))];
    console.log(
      `    LCP element: ${elements.map((e) => `${e || '(none seen)'} (${loads.filter((l) => l.lcpElement === e).length} of ${RUNS})`).join('; ')}`,
    );
    console.log(
      `    reference: the same page with its scripts blocked ${report.lcpReferenceMs.toFixed(0)} ms (runs: ${floors.map((v) => v.toFixed(0)).join(', ')}); page / reference ${(report.lcpMs / report.lcpReferenceMs).toFixed(2)}`,
    );
    console.log(
      `  JavaScript for the route ${kb(report.jsGzipBytes).padStart(9)} gzip target ≤ ${kb(jsGzipBytes)}: ${verdict(report.jsGzipBytes <= jsGzipBytes)}   (${jsFiles.length} files)`,
    );
    console.log(
      `  form usable              ${report.usableMs.toFixed(0).padStart(6)} ms   target < ${usableMs} ms: ${verdict(report.usableMs < usableMs)}   (runs: ${loads.map((l) => l.usableMs.toFixed(0)).join(', ')}; spread ${spread(loads.map((l) => l.usableMs))})`,
    );
    for (const f of jsFiles) console.log(`    ${f.file.padEnd(44)} ${kb(f.gzip).padStart(9)} gzip`);
    return report;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runLandingBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
