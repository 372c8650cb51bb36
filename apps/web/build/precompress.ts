import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/i;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every compressible file
 * under `dir`, so the server sends them as they are instead of compressing on each request; a copy
 * that would not be smaller is skipped. Returns the files it compressed, relative to `dir`.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && compressible.test(e.name))
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        const bytes = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipAsync(bytes, { level: 9 }),
        ]);
        if (br.length >= bytes.length) return;
        await Promise.all([fs.writeFile(`${file}.br`, br), gz.length < bytes.length && fs.writeFile(`${file}.gz`, gz)]);
        done.push(path.relative(dir, file));
      }),
  );
  return done.sort();
}

/** Vite plugin: precompress the production build once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
