// The JavaScript a browser downloads for the public landing page (/referral/{uuid}), raw and gzip,
// next to the partner app's, read from the production build. Target: under 100 KB gzip
// (docs/decisions/002). Run alone: `node --import tsx scripts/bench/bundle.ts [distDir]`; the build
// read is apps/web/dist unless given as that argument or as WEB_DIST_DIR (e.g. a scratch build:
// `npx vite build --outDir /tmp/dist-scratch` in apps/web).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REFERRAL_BUDGET_GZIP_BYTES = 100 * 1024;

/** Source modules that main.tsx imports dynamically, one per route family. */
const referralEntrySource = 'src/features/leads/landing/referral-entry.tsx';
const appEntrySource = 'src/app/app.tsx';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
  /** What the chunk holds (npm packages, else source folders), from its source map when there is one. */
  contents: string[];
}

export interface RouteBundle {
  chunks: ChunkSize[];
  raw: number;
  gzip: number;
}

export interface BundleReport {
  distDir: string;
  referral: RouteBundle;
  partnerApp: RouteBundle;
  /** Chunks the partner app loads later, on navigation (lazy routes); not in its first load. */
  partnerLazy: RouteBundle;
  isWithinBudget: boolean;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** One built chunk's imports, read from its code (relative specifiers only, as Vite emits them). */
function readImports(file: string): { statics: string[]; dynamics: string[] } {
  const code = fs.readFileSync(file, 'utf8');
  const resolve = (spec: string) => path.resolve(path.dirname(file), spec);
  const statics = [...code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)].map(
    (match) => resolve(match[1]!),
  );
  const dynamics = [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((match) => resolve(match[1]!));
  return { statics: [...new Set(statics)], dynamics: [...new Set(dynamics)] };
}

/** A chunk and everything it imports statically: what loads together with it. */
function staticClosure(files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of readImports(file).statics) visit(next);
  };
  files.forEach(visit);
  return [...seen];
}

/** Chunk names come from one module; the source map tells what is really inside. */
function readContents(file: string): string[] {
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return [];
  const { sources = [] } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources?: string[] };
  const names = sources.map((source) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    if (pkg) return pkg;
    const local = /(packages\/[^/]+|src\/(?:features\/[^/]+|[^/]+))/.exec(source)?.[1];
    return local?.replace(/^packages\//, '@portal/') ?? path.basename(source);
  });
  return [...new Set(names)];
}

function measure(files: Iterable<string>, distDir: string): RouteBundle {
  const chunks = [...new Set(files)].map((file) => {
    const bytes = fs.readFileSync(file);
    return {
      file: path.relative(distDir, file),
      raw: bytes.length,
      gzip: gzipSync(bytes).length,
      contents: readContents(file),
    };
  });
  chunks.sort((a, b) => b.gzip - a.gzip);
  return {
    chunks,
    raw: chunks.reduce((sum, c) => sum + c.raw, 0),
    gzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
  };
}

/** The module script of index.html: the entry every route loads first. */
function readHtmlEntry(distDir: string): string {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const src = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`no module script in ${path.join(distDir, 'index.html')}`);
  return path.join(distDir, src.replace(/^\//, ''));
}

/** The chunk file that main.tsx imports for a source module: from the manifest when built with one. */
function findDynamicChunk(distDir: string, entryFile: string, source: string): string {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    const chunk = manifest[source];
    if (chunk) return path.join(distDir, chunk.file);
  }
  // Without a manifest: the entry's dynamic import whose chunk is named after the source file.
  const stem = path.basename(source).replace(/\.[jt]sx?$/, '');
  const found = readImports(entryFile).dynamics.find((file) => path.basename(file).startsWith(`${stem}-`));
  if (!found) throw new Error(`the entry ${path.relative(distDir, entryFile)} has no dynamic import of ${source}`);
  return found;
}

const defaultDistDir = () =>
  process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps/web/dist');

export function readBundleReport(distDir = defaultDistDir()): BundleReport {
  const entry = readHtmlEntry(distDir);
  const referralChunk = findDynamicChunk(distDir, entry, referralEntrySource);
  const appChunk = findDynamicChunk(distDir, entry, appEntrySource);

  const referralFiles = staticClosure([entry, referralChunk]);
  const appFiles = staticClosure([entry, appChunk]);
  const appSet = new Set(appFiles);
  const lazyRoots = appFiles
    .filter((file) => file !== entry)
    .flatMap((file) => readImports(file).dynamics)
    .filter((file) => !appSet.has(file));
  const lazyFiles = staticClosure(lazyRoots).filter((file) => !appSet.has(file));

  const referral = measure(referralFiles, distDir);
  return {
    distDir,
    referral,
    partnerApp: measure(appFiles, distDir),
    partnerLazy: measure(lazyFiles, distDir),
    isWithinBudget: referral.gzip < REFERRAL_BUDGET_GZIP_BYTES,
  };
}

export const DASHBOARD_ROUTE_BUDGET_GZIP_BYTES = 60 * 1024;

/**
 * What a lazy route adds to the app's first load: its chunk, everything that chunk imports
 * statically, and what it imports dynamically as soon as it renders (the dashboard's chart),
 * minus the files the app already loaded. JS and CSS.
 */
function measureLazyRoute(report: BundleReport, chunkPrefix: string): RouteBundle | null {
  const dist = report.distDir;
  const first = new Set(report.partnerApp.chunks.map((c) => path.join(dist, c.file)));
  const lazy = report.partnerLazy.chunks.map((c) => path.join(dist, c.file));
  const root = lazy.find((file) => path.basename(file).startsWith(chunkPrefix));
  if (!root) return null;
  const closure = staticClosure([root]);
  const dynamics = readImports(root).dynamics;
  const files = staticClosure([...closure, ...dynamics]).filter((file) => !first.has(file));
  const css = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((name) => name.endsWith('.css') && files.some((file) => path.basename(file).split('-')[0] === name.split('-')[0]))
    .map((name) => path.join(dist, 'assets', name));
  return measure([...files, ...css], dist);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printRoute(title: string, bundle: RouteBundle) {
  console.log(`${title}: ${kb(bundle.gzip)} gzip (${kb(bundle.raw)} raw) in ${bundle.chunks.length} files`);
  for (const chunk of bundle.chunks) {
    const contents = chunk.contents.length ? `  ${chunk.contents.join(', ')}` : '';
    console.log(`  ${chunk.file.padEnd(44)} ${kb(chunk.gzip).padStart(9)} gzip ${kb(chunk.raw).padStart(10)} raw${contents}`);
  }
}

/** Prints the figures (1 KB = 1024 bytes) and returns them. */
export async function measureReferralBundle(distDir?: string): Promise<BundleReport> {
  const report = readBundleReport(distDir);
  printRoute('/referral/{uuid}', report.referral);
  console.log(
    `  budget ${kb(REFERRAL_BUDGET_GZIP_BYTES)} gzip: ${report.isWithinBudget ? 'within' : 'OVER by ' + kb(report.referral.gzip - REFERRAL_BUDGET_GZIP_BYTES)}`,
  );
  printRoute('partner app, first load', report.partnerApp);
  const dashboard = measureLazyRoute(report, 'dashboard-page-');
  if (dashboard) {
    printRoute('/dashboard route, added to the app on navigation', dashboard);
    console.log(
      `  budget ${kb(DASHBOARD_ROUTE_BUDGET_GZIP_BYTES)} gzip: ${dashboard.gzip <= DASHBOARD_ROUTE_BUDGET_GZIP_BYTES ? 'within' : 'OVER'}`,
    );
  }
  if (report.partnerLazy.chunks.length > 0) {
    console.log(`partner app, lazy route chunks: ${kb(report.partnerLazy.gzip)} gzip (${kb(report.partnerLazy.raw)} raw)`);
  }
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  measureReferralBundle(process.argv[2] ? path.resolve(process.argv[2]) : undefined)
    .then((report) => {
      if (!report.isWithinBudget) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
